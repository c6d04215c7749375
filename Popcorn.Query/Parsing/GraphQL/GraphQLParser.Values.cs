namespace Popcorn.Query;

/// <summary>Arguments and input values.</summary>
internal ref partial struct GraphQLParser
{
    /// <summary>Arguments[Const] : <c>(</c> Argument[?Const]+ <c>)</c></summary>
    private ArgumentNode[] ParseArguments(bool isConstant)
    {
        var arguments = ParseArgumentsToClose(isConstant);
        MoveNext();
        LeaveNesting();
        return arguments;
    }

    /// <summary>Arguments up to the closing <c>)</c>, which stays the current token (the include syntax reads on from there).</summary>
    private ArgumentNode[] ParseArgumentsToClose(bool isConstant)
    {
        EnterNesting(_reader.Start);
        MoveNext();
        if (Kind == GraphQLTokenKind.RightParenthesis)
        {
            throw Unexpected("a name", ": an argument list cannot be empty");
        }

        var arguments = new List<ArgumentNode>();
        var names = default(NameSet);
        while (Kind != GraphQLTokenKind.RightParenthesis)
        {
            var argument = ParseArgument(isConstant, "an argument name or ')'");
            if (!names.Add(argument.Name))
            {
                throw Invalid($"The argument '{argument.Name}' is given twice.", argument.Location.Offset);
            }

            arguments.Add(argument);
        }

        return arguments.ToArray();
    }

    /// <summary>Argument[Const] : Name <c>:</c> Value[?Const] — also ObjectField[Const].</summary>
    private ArgumentNode ParseArgument(bool isConstant, string expected)
    {
        var location = _reader.Location;
        string name = ParseTreeName(expected);
        Expect(GraphQLTokenKind.Colon, ":");
        return new ArgumentNode(name, ParseValue(isConstant), location);
    }

    /// <summary>
    /// Value[Const] : [~Const] Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue[?Const] | ObjectValue[?Const]
    /// </summary>
    private ValueNode ParseValue(bool isConstant)
    {
        int offset = _reader.Start;
        ValueNode value;
        switch (Kind)
        {
            case GraphQLTokenKind.Dollar:
                return ParseVariable(isConstant);
            case GraphQLTokenKind.LeftBracket:
                return ParseList(isConstant);
            case GraphQLTokenKind.LeftBrace:
                return ParseObject(isConstant);
            case GraphQLTokenKind.Int:
                value = ValueNode.Constant(QueryValue.Int(_reader.Token.ToString()), offset);
                break;
            case GraphQLTokenKind.Float:
                value = ValueNode.Constant(QueryValue.Float(_reader.Token.ToString()), offset);
                break;
            case GraphQLTokenKind.String or GraphQLTokenKind.BlockString:
                value = ValueNode.Constant(QueryValue.String(_reader.GetString()), offset);
                break;
            case GraphQLTokenKind.Name:
                return ParseNameValue();
            default:
                throw Unexpected("a value");
        }

        MoveNext();
        return value;
    }

    /// <summary>BooleanValue : <c>true</c> | <c>false</c>; NullValue : <c>null</c>; EnumValue : Name but not <c>true</c>, <c>false</c> or <c>null</c></summary>
    private ValueNode ParseNameValue()
    {
        int offset = _reader.Start;
        QueryValue value;
        if (IsKeyword(GraphQLKeywords.True))
        {
            value = QueryValue.True;
        }
        else if (IsKeyword(GraphQLKeywords.False))
        {
            value = QueryValue.False;
        }
        else if (IsKeyword(GraphQLKeywords.Null))
        {
            value = QueryValue.Null;
        }
        else
        {
            return ValueNode.Constant(QueryValue.Enum(ParseTreeName()), offset);
        }

        MoveNext();
        return ValueNode.Constant(value, offset);
    }

    /// <summary>Variable : <c>$</c> Name</summary>
    private ValueNode ParseVariable(bool isConstant)
    {
        int offset = _reader.Start;
        if (_includeSyntax)
        {
            throw _reader.Error("Variables ('$name') are only available in the GraphQL-like syntax.", offset);
        }

        if (isConstant)
        {
            throw Invalid("A variable cannot be used here: default values and their directives must be constants.", offset);
        }

        MoveNext();
        string name = ParseName("a variable name after '$'");
        (_variableUsages ??= []).Add(new VariableUsage(name, offset));
        return ValueNode.VariableReference(name, offset);
    }

    /// <summary>ListValue[Const] : <c>[</c> <c>]</c> | <c>[</c> Value[?Const]+ <c>]</c></summary>
    private ValueNode ParseList(bool isConstant)
    {
        int open = _reader.Start;
        EnterNesting(open);
        MoveNext();
        var items = new List<ValueNode>();
        while (Kind != GraphQLTokenKind.RightBracket)
        {
            if (Kind == GraphQLTokenKind.EndOfFile)
            {
                throw Unexpected("a value or ']'");
            }

            items.Add(ParseValue(isConstant));
        }

        MoveNext();
        LeaveNesting();
        return ValueNode.List(items.ToArray(), open);
    }

    /// <summary>ObjectValue[Const] : <c>{</c> <c>}</c> | <c>{</c> ObjectField[?Const]+ <c>}</c></summary>
    private ValueNode ParseObject(bool isConstant)
    {
        int open = _reader.Start;
        EnterNesting(open);
        MoveNext();
        var fields = new List<ArgumentNode>();
        var names = default(NameSet);
        while (Kind != GraphQLTokenKind.RightBrace)
        {
            var field = ParseArgument(isConstant, "a field name or '}'");
            if (!names.Add(field.Name))
            {
                throw Invalid($"The field '{field.Name}' is given twice in one object value.", field.Location.Offset);
            }

            fields.Add(field);
        }

        MoveNext();
        LeaveNesting();
        return ValueNode.Object(fields.ToArray(), open);
    }
}

namespace Popcorn.Query;

/// <summary>The document, operations, variable definitions and types.</summary>
internal ref partial struct GraphQLParser
{
    private const string DefinitionExpected = "'{', 'query' or 'fragment'";

    /// <summary>ExecutableDocument : ExecutableDefinition+</summary>
    private DocumentNode ParseDocument()
    {
        MoveNext();
        if (Kind == GraphQLTokenKind.EndOfFile)
        {
            throw Unexpected(DefinitionExpected);
        }

        var operations = new List<OperationNode>();
        var fragments = new List<FragmentDefinitionNode>();
        while (Kind != GraphQLTokenKind.EndOfFile)
        {
            bool described = SkipDescription();
            if (IsKeyword(GraphQLKeywords.Fragment))
            {
                fragments.Add(ParseFragmentDefinition());
            }
            else if (described && Kind == GraphQLTokenKind.LeftBrace)
            {
                throw _reader.Error("A description belongs to a 'query' or 'fragment' definition; the shorthand '{ ... }' cannot have one.", _reader.Start);
            }
            else
            {
                operations.Add(ParseOperationDefinition());
            }
        }

        return new DocumentNode(operations.ToArray(), fragments.ToArray());
    }

    /// <summary>
    /// OperationDefinition : Description? OperationType Name? VariableDefinitions? Directives? SelectionSet | SelectionSet
    /// (the description is read by <see cref="SkipDescription"/> before).
    /// </summary>
    private OperationNode ParseOperationDefinition()
    {
        int offset = _reader.Start;
        if (Kind == GraphQLTokenKind.LeftBrace)
        {
            var shorthand = ParseSelectionSet();
            var (shorthandSpreads, shorthandUsages) = TakeReferences();
            return new OperationNode(null, offset, s_noVariables, s_noDirectives, shorthand, shorthandSpreads, shorthandUsages);
        }

        var type = ParseOperationType();
        int nameOffset = _reader.Start;
        string? name = Kind == GraphQLTokenKind.Name ? ParseName() : null;
        var variables = Kind == GraphQLTokenKind.LeftParenthesis ? ParseVariableDefinitions() : s_noVariables;
        var directives = ParseDirectives(isConstant: false);
        var selectionSet = ParseSelectionSet();
        var (spreads, usages) = TakeReferences();
        return new OperationNode(name, offset, variables, directives, selectionSet, spreads, usages) { NameOffset = nameOffset, Type = type };
    }

    /// <summary>
    /// Description : StringValue — allowed on operations, fragments and variable definitions since September 2025. It
    /// documents the document for its readers; a selection has no use for it, so it is read and dropped.
    /// </summary>
    private bool SkipDescription()
    {
        if (Kind is not (GraphQLTokenKind.String or GraphQLTokenKind.BlockString))
        {
            return false;
        }

        MoveNext();
        return true;
    }

    /// <summary>
    /// OperationType : one of <c>query</c> <c>mutation</c> <c>subscription</c>. All three are read; which may run is the
    /// reader's decision (REST selections and the include path take queries only, the gateway mutations too), made by
    /// the normalizer and the gateway's validation, so the grammar stays the spec's.
    /// </summary>
    private GraphQLOperationType ParseOperationType()
    {
        var type = IsKeyword(GraphQLKeywords.Query) ? GraphQLOperationType.Query
            : IsKeyword(GraphQLKeywords.Mutation) ? GraphQLOperationType.Mutation
            : IsKeyword(GraphQLKeywords.Subscription) ? GraphQLOperationType.Subscription
            : throw Unexpected(DefinitionExpected);
        MoveNext();
        return type;
    }

    /// <summary>VariableDefinitions : <c>(</c> VariableDefinition+ <c>)</c></summary>
    private VariableDefinitionNode[] ParseVariableDefinitions()
    {
        EnterNesting(_reader.Start);
        MoveNext();
        if (Kind == GraphQLTokenKind.RightParenthesis)
        {
            throw Unexpected("a variable ('$name')", ": a variable list cannot be empty");
        }

        var variables = new List<VariableDefinitionNode>();
        while (Kind != GraphQLTokenKind.RightParenthesis)
        {
            // A name declared twice is a validation rule (5.8.1), checked with the document's other rules.
            variables.Add(ParseVariableDefinition());
        }

        MoveNext();
        LeaveNesting();
        return variables.ToArray();
    }

    /// <summary>VariableDefinition : Description? Variable <c>:</c> Type DefaultValue? Directives[Const]?</summary>
    private VariableDefinitionNode ParseVariableDefinition()
    {
        SkipDescription();
        int offset = _reader.Start;
        if (Kind != GraphQLTokenKind.Dollar)
        {
            throw Unexpected("a variable ('$name') or ')'");
        }

        MoveNext();
        string name = ParseName();
        Expect(GraphQLTokenKind.Colon, ":");
        int typeOffset = _reader.Start;
        var type = ParseType();
        ValueNode? defaultValue = null;
        if (Kind == GraphQLTokenKind.Equal)
        {
            MoveNext();
            defaultValue = ParseValue(isConstant: true);
        }

        var directives = ParseDirectives(isConstant: true);
        return new VariableDefinitionNode(name, offset, type, defaultValue, directives) { TypeOffset = typeOffset };
    }

    /// <summary>Type : NamedType | <c>[</c> Type <c>]</c> | Type <c>!</c></summary>
    private TypeNode ParseType()
    {
        TypeNode? item = null;
        string? name = null;
        if (Kind == GraphQLTokenKind.LeftBracket)
        {
            EnterNesting(_reader.Start);
            MoveNext();
            item = ParseType();
            Expect(GraphQLTokenKind.RightBracket, "]");
            LeaveNesting();
        }
        else
        {
            name = ParseName("a type");
        }

        bool isNonNull = Kind == GraphQLTokenKind.Bang;
        if (isNonNull)
        {
            MoveNext();
        }

        return new TypeNode(name, item, isNonNull);
    }
}

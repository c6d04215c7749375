namespace Popcorn.Query;

/// <summary>Fragment definitions, fragment spreads and inline fragments.</summary>
internal ref partial struct GraphQLParser
{
    /// <summary>FragmentDefinition : Description? <c>fragment</c> FragmentName TypeCondition Directives? SelectionSet</summary>
    private FragmentDefinitionNode ParseFragmentDefinition()
    {
        int offset = _reader.Start;
        MoveNext();
        int nameOffset = _reader.Start;
        string name = ParseFragmentName();
        int typeConditionOffset = TypeConditionOffset();
        string typeCondition = ParseTypeCondition();
        var directives = ParseDirectives(isConstant: false);
        var selectionSet = ParseSelectionSet();
        var (spreads, usages) = TakeReferences();
        return new FragmentDefinitionNode(name, nameOffset, typeCondition, directives, selectionSet, spreads, usages) { Offset = offset, TypeConditionOffset = typeConditionOffset };
    }

    /// <summary>FragmentName : Name but not <c>on</c></summary>
    private string ParseFragmentName()
    {
        if (IsKeyword(GraphQLKeywords.On))
        {
            throw _reader.Error("A fragment cannot be named 'on'.", _reader.Start);
        }

        return ParseName("a fragment name");
    }

    /// <summary>TypeCondition : <c>on</c> NamedType</summary>
    private string ParseTypeCondition()
    {
        if (!IsKeyword(GraphQLKeywords.On))
        {
            throw Unexpected("'on'", ": a fragment names the type it applies to, as in 'fragment F on Employee { ... }'");
        }

        MoveNext();
        return ParseName("a type name");
    }

    /// <summary>Where the type name after <c>on</c> starts (validation points at it); the reader stays on <c>on</c>.</summary>
    private readonly int TypeConditionOffset()
    {
        var lookahead = _reader;
        lookahead.Read();
        return lookahead.Start;
    }

    /// <summary>
    /// FragmentSpread : <c>...</c> FragmentName Directives?
    /// InlineFragment : <c>...</c> TypeCondition? Directives? SelectionSet
    /// </summary>
    private SelectionNode ParseFragment()
    {
        var location = _reader.Location;
        MoveNext();
        if (Kind == GraphQLTokenKind.Name && !IsKeyword(GraphQLKeywords.On))
        {
            int nameOffset = _reader.Start;
            string name = ParseName();
            var spread = new FragmentSpreadNode(name, ParseDirectives(isConstant: false), location) { NameOffset = nameOffset };
            (_spreads ??= []).Add(spread);
            return spread;
        }

        string? typeCondition = null;
        int typeConditionOffset = -1;
        if (IsKeyword(GraphQLKeywords.On))
        {
            typeConditionOffset = TypeConditionOffset();
            typeCondition = ParseTypeCondition();
        }
        else if (Kind is not (GraphQLTokenKind.At or GraphQLTokenKind.LeftBrace))
        {
            throw Unexpected("a fragment name, 'on', '@' or '{' after '...'");
        }

        var directives = ParseDirectives(isConstant: false);
        return new InlineFragmentNode(typeCondition, directives, ParseSelectionSet(), location) { TypeConditionOffset = typeConditionOffset };
    }
}

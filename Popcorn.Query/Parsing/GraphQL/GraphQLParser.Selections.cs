namespace Popcorn.Query;

/// <summary>Selection sets and fields.</summary>
internal ref partial struct GraphQLParser
{
    /// <summary>SelectionSet : <c>{</c> Selection+ <c>}</c></summary>
    private SelectionSetNode ParseSelectionSet()
    {
        if (Kind != GraphQLTokenKind.LeftBrace)
        {
            throw Unexpected("'{'");
        }

        int open = _reader.Start;
        EnterNesting(open);
        MoveNext();
        if (Kind == GraphQLTokenKind.RightBrace)
        {
            throw Unexpected("a name", ": a selection set cannot be empty");
        }

        var selections = _selections ??= t_selections ??= new List<SelectionNode>(32);
        int start = selections.Count;
        while (Kind != GraphQLTokenKind.RightBrace)
        {
            if (Kind == GraphQLTokenKind.EndOfFile)
            {
                var opened = SourceLocation.At(_reader.Text, open);
                throw Unexpected($"'}}' to close the '{{' at line {opened.Line}, column {opened.Column}");
            }

            selections.Add(ParseSelection());
        }

        MoveNext();
        LeaveNesting();
        var items = new SelectionNode[selections.Count - start];
        System.Runtime.InteropServices.CollectionsMarshal.AsSpan(selections)[start..].CopyTo(items);
        selections.RemoveRange(start, items.Length);
        return new SelectionSetNode(items, open);
    }

    /// <summary>Selection : Field | FragmentSpread | InlineFragment</summary>
    private SelectionNode ParseSelection()
    {
        if (Kind == GraphQLTokenKind.Spread)
        {
            return ParseFragment();
        }

        if (Kind == GraphQLTokenKind.Name)
        {
            return ParseField();
        }

        // Popcorn's include syntax spells these '!all' and '[...]'; say how to write them here.
        string? hint = Kind switch
        {
            GraphQLTokenKind.Bang => ": write the wildcards as '__all', '__default' and '__full'",
            GraphQLTokenKind.LeftBracket => ": nest a selection with '{ }', or send the include syntax on its own",
            _ => null,
        };
        throw Unexpected("a name", hint);
    }

    /// <summary>Field : Alias? Name Arguments? Directives? SelectionSet? — Alias : Name <c>:</c></summary>
    private FieldNode ParseField()
    {
        var location = _reader.Location;
        string? alias = null;
        int nameOffset = _reader.Start;
        string name = ParseFieldName();
        if (Kind == GraphQLTokenKind.Colon)
        {
            CheckNotReserved(name, nameOffset);
            MoveNext();
            alias = name;
            nameOffset = _reader.Start;
            name = ParseFieldName();
        }

        var arguments = Kind == GraphQLTokenKind.LeftParenthesis ? ParseArguments(isConstant: false) : s_noArguments;
        var directives = ParseDirectives(isConstant: false);
        var selectionSet = Kind == GraphQLTokenKind.LeftBrace ? ParseSelectionSet() : null;
        return new FieldNode(alias, name, nameOffset, arguments, directives, selectionSet, location);
    }

    /// <summary>A field's name: reserved names are refused, except <c>__typename</c> and the wildcard spellings.</summary>
    private string ParseFieldName()
    {
        if (Kind == GraphQLTokenKind.Name && IsWildcardSpelling(_reader.Token))
        {
            return ParseName();
        }

        return ParseTreeName();
    }

    private static bool IsWildcardSpelling(ReadOnlySpan<char> name) =>
        name.SequenceEqual(GraphQLWildcards.All) || name.SequenceEqual(GraphQLWildcards.Default) || name.SequenceEqual(GraphQLWildcards.Full);
}

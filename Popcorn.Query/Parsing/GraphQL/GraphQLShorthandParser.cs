using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// The fast path of the GraphQL-like syntax, for the shape nearly every request has: one query of fields, aliases,
/// nested selection sets, <c>@exclude</c> and <c>@optional</c> (<c>{ id boss: manager { name } }</c>, optionally
/// <c>query Name { ... }</c>), read token by token straight into the tree, with no syntax tree and no separate
/// normalization pass.
/// </summary>
/// <remarks>
/// It accepts a strict subset of what <see cref="GraphQLParser"/> and <see cref="GraphQLNormalizer"/> accept, and builds
/// the same tree for it (same nodes, names, aliases, flags and locations). Anything outside the subset (fragments,
/// variables, arguments, <c>@include</c>/<c>@skip</c>, several definitions) and anything wrong (a syntax error, a
/// reserved name, a limit reached) makes it give up and return null, and the full parser reads the text from the
/// start: what is accepted, and every error and its position, never depends on which path ran.
/// </remarks>
internal ref struct GraphQLShorthandParser
{
    private readonly SelectionParserOptions _options;
    private GraphQLReader _reader;
    private int _fields;
    private int _aliases;

    private GraphQLShorthandParser(ReadOnlySpan<char> text, SelectionParserOptions options)
    {
        _reader = new GraphQLReader(text);
        _options = options;
    }

    /// <summary>The tree of <paramref name="text"/>, or null when the full parser must read it.</summary>
    public static SelectionTree? TryParse(string text, SelectionParserOptions options)
    {
        try
        {
            SelectionItems.Reset();
            var parser = new GraphQLShorthandParser(text, options);
            var items = parser.ParseDocument();
            return items is null ? null : new SelectionTree(items, text, SelectionSyntax.GraphQL);
        }
        catch (PopcornQueryException)
        {
            // A lexical error: the full parser meets it at the same token and reports it.
            return null;
        }
    }

    private readonly GraphQLTokenKind Kind => _reader.Kind;

    /// <summary>Document : (<c>query</c> Name?)? SelectionSet, and nothing after it.</summary>
    private PropertyReference[]? ParseDocument()
    {
        _reader.Read();
        if (Kind == GraphQLTokenKind.Name && _reader.Token.SequenceEqual(GraphQLKeywords.Query))
        {
            _reader.Read();
            if (Kind == GraphQLTokenKind.Name)
            {
                _reader.Read();
            }
        }

        if (Kind != GraphQLTokenKind.LeftBrace)
        {
            return null;
        }

        var items = ParseSelectionSet(depth: 1);
        return Kind == GraphQLTokenKind.EndOfFile ? items : null;
    }

    /// <summary>SelectionSet : <c>{</c> Field+ <c>}</c>, whose fields sit at tree level <paramref name="depth"/>.</summary>
    private PropertyReference[]? ParseSelectionSet(int depth)
    {
        if (depth > _options.MaxDepth || !StackGuard.HasRoomFor(depth))
        {
            return null;
        }

        _reader.Read();
        if (Kind == GraphQLTokenKind.RightBrace)
        {
            return null;
        }

        var items = default(SelectionItems);
        while (Kind != GraphQLTokenKind.RightBrace)
        {
            var field = ParseField(depth);
            if (field is null)
            {
                return null;
            }

            items.Add(field);
        }

        _reader.Read();
        return items.ToArray();
    }

    /// <summary>Field : Alias? Name Directives? SelectionSet?, with only <c>@exclude</c> and <c>@optional</c>.</summary>
    private PropertyReference? ParseField(int depth)
    {
        if (Kind != GraphQLTokenKind.Name || ++_fields > _options.MaxFields)
        {
            return null;
        }

        var location = _reader.Location;
        int nameStart = location.Offset;
        int nameLength = _reader.End - nameStart;
        var text = _reader.Text;
        _reader.Read();

        // The shapes nearly every field has, a name alone or with a selection set, are built here; an alias, a
        // directive, arguments or a name starting with '_' (a wildcard or a reserved name) take the general path.
        var kind = Kind;
        if (kind is not (GraphQLTokenKind.Colon or GraphQLTokenKind.At or GraphQLTokenKind.LeftParenthesis) && text[nameStart] != '_')
        {
            string plainName = NameCache.Get(text, nameStart, nameLength);
            if (kind != GraphQLTokenKind.LeftBrace)
            {
                return new PropertyReference(plainName, location);
            }

            var items = ParseSelectionSet(depth + 1);
            return items is null ? null : new PropertyReference(plainName, location, items);
        }

        return ParseFieldRest(depth, location, text.Slice(nameStart, nameLength));
    }

    /// <summary>The rest of a field after its first name, in general: Alias? Name Directives? SelectionSet?.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private PropertyReference? ParseFieldRest(int depth, SourceLocation location, ReadOnlySpan<char> name)
    {
        int nameStart = location.Offset;
        string? alias = null;
        if (Kind == GraphQLTokenKind.Colon)
        {
            if ((name[0] == '_' && NameRules.IsReserved(name)) || ++_aliases > _options.MaxAliases)
            {
                return null;
            }

            alias = NameCache.Get(_reader.Text, nameStart, name.Length);
            _reader.Read();
            if (Kind != GraphQLTokenKind.Name)
            {
                return null;
            }

            nameStart = _reader.Start;
            name = _reader.Token;
            _reader.Read();
        }

        string? wildcard = name[0] == '_' ? WildcardOf(name) : null;
        if ((wildcard is null && name[0] == '_' && NameRules.IsReserved(name)) || Kind == GraphQLTokenKind.LeftParenthesis)
        {
            return null;
        }

        bool exclude = false;
        bool optional = false;
        while (Kind == GraphQLTokenKind.At)
        {
            _reader.Read();
            if (Kind != GraphQLTokenKind.Name)
            {
                return null;
            }

            var directive = _reader.Token;
            if (!exclude && directive.SequenceEqual(GraphQLWildcards.ExcludeDirective))
            {
                exclude = true;
            }
            else if (!optional && directive.SequenceEqual(GraphQLWildcards.OptionalDirective))
            {
                optional = true;
            }
            else
            {
                return null;
            }

            _reader.Read();
            if (Kind == GraphQLTokenKind.LeftParenthesis)
            {
                return null;
            }
        }

        bool hasChildren = Kind == GraphQLTokenKind.LeftBrace;
        if (wildcard is not null)
        {
            return alias is null && !exclude && !optional && !hasChildren ? new PropertyReference(wildcard, location) : null;
        }

        if (exclude)
        {
            return alias is null && !optional && !hasChildren ? new PropertyReference(NameCache.Get(_reader.Text, nameStart, name.Length), location, negated: true) : null;
        }

        string fieldName = NameCache.Get(_reader.Text, nameStart, name.Length);
        PropertyReference[]? children = null;
        if (hasChildren && (children = ParseSelectionSet(depth + 1)) is null)
        {
            return null;
        }

        return alias is null && !optional
            ? new PropertyReference(fieldName, location, children)
            : new PropertyReference(fieldName, alias, isNegated: false, optional, children, arguments: null, location);
    }

    private static string? WildcardOf(ReadOnlySpan<char> name)
    {
        if (name.Length < 5 || name[0] != '_' || name[1] != '_')
        {
            return null;
        }

        return name.SequenceEqual(GraphQLWildcards.All) ? PropertyReference.AllWildcard
            : name.SequenceEqual(GraphQLWildcards.Default) ? PropertyReference.DefaultWildcard
            : name.SequenceEqual(GraphQLWildcards.Full) ? PropertyReference.FullWildcard
            : null;
    }
}

using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// A single-pass reader for Popcorn's include syntax. Tokens are slices of the input; the only
/// strings created are the names kept in the tree. Limits are checked as the text is read.
/// </summary>
/// <remarks>
/// <code>
/// Root      := Arguments? Selection                  (the arguments of the root list: (first: 10)[id])
/// Selection := '[' (Item (',' Item)*)? ']'
/// Item      := '-' Name | TypeCondition | '?'? (Wildcard | (Name ':')? Name Arguments? Selection?)
/// TypeCondition := '...' 'on' Name Selection       (the selection applies to values of that type)
/// Wildcard  := '!all' | '!default' | '!full'
/// Arguments := '(' Name ':' Value (','? Name ':' Value)* ')'     (GraphQL literals)
/// </code>
/// Whitespace is allowed between any two tokens.
/// </remarks>
internal ref partial struct IncludeParser
{
    private readonly ReadOnlySpan<char> _text;
    private readonly SelectionParserOptions _options;
    private int _position;
    private int _depth;
    private int _fields;
    private int _aliases;
    private int _line = 1;
    private int _lineStart;

    private IncludeParser(ReadOnlySpan<char> text, SelectionParserOptions options)
    {
        _text = text;
        _options = options;
    }

    /// <summary>Parses <paramref name="text"/>; blank text is the default selection.</summary>
    public static SelectionTree Parse(string text, SelectionParserOptions options)
    {
        if (text.Length > options.MaxLength)
        {
            options.CheckLength(text);
        }

        // A parse that fails leaves the items it had spilled in the thread's shared list; they are dropped here, on
        // the way out, rather than by a look at that thread-static list before every parse (the successful ones too).
        try
        {
            return ParseText(text, options);
        }
        catch
        {
            SelectionItems.Reset();
            throw;
        }
    }

    private static SelectionTree ParseText(string text, SelectionParserOptions options)
    {
        var parser = new IncludeParser(text, options);
        parser.SkipWhitespace();
        if (parser.AtEnd)
        {
            return SelectionTree.Default;
        }

        QueryArgument[]? arguments = parser.Current == '(' ? parser.ParseArguments() : null;
        parser.SkipWhitespace();
        var properties = parser.ParseSelection();
        parser.SkipWhitespace();
        if (!parser.AtEnd)
        {
            throw parser.Error(IncludeGrammar.UnexpectedAfterClose(parser.Current));
        }

        return arguments is null
            ? new SelectionTree(properties, text, SelectionSyntax.Include)
            : new SelectionTree(properties, arguments, text, SelectionSyntax.Include);
    }

    private readonly bool AtEnd => _position >= _text.Length;

    // Unsigned, so the JIT knows the index is in range and drops the span's own check.
    private readonly char Current => (uint)_position < (uint)_text.Length ? _text[_position] : '\0';

    /// <summary>Selection := '[' (Item (',' Item)*)? ']'</summary>
    private PropertyReference[] ParseSelection()
    {
        int open = _position;
        if (Current != '[')
        {
            throw Error(IncludeGrammar.ExpectedSelection(_text, _position));
        }

        _position++;
        EnterNesting(open);
        SkipWhitespace();
        if (Current == ']')
        {
            _position++;
            _depth--;
            return Array.Empty<PropertyReference>();
        }

        var items = default(SelectionItems);
        while (true)
        {
            items.Add(ParseItem());

            // An item is nearly always followed by ',' or ']' itself; whitespace is looked for only when it is not.
            char next = Current;
            if (next != ',' && next != ']')
            {
                SkipWhitespace();
                next = Current;
            }

            if (next == ',')
            {
                // A ']' after the comma is reported by ParseItem, which meets it where an item should start.
                _position++;
                SkipWhitespace();
                continue;
            }

            if (next == ']')
            {
                _position++;
                break;
            }

            throw Error(IncludeGrammar.UnexpectedInList(_text, _position, open));
        }

        _depth--;
        return items.ToArray();
    }

    /// <summary>Item := '-' Name | '?'? (Wildcard | (Name ':')? Name Arguments? Selection?)</summary>
    private PropertyReference ParseItem()
    {
        var start = Location(_position);
        if (!NameRules.IsNameStart(Current))
        {
            return ParseMarkedItem(start);
        }

        CountField(start.Offset);
        string name = NameCache.Read(_text, start.Offset, out _position);
        if (name[0] == '_' && NameRules.IsReserved(name))
        {
            throw ReservedName(name, start.Offset);
        }

        // The shapes nearly every item has, a bare name or a name and its selection, are built here; whitespace,
        // an alias or arguments take the general path.
        char next = Current;
        if (next is ',' or ']')
        {
            return new PropertyReference(name, start);
        }

        if (next == '[')
        {
            return new PropertyReference(name, start, ParseSelection());
        }

        return ParseFieldRest(name, optional: false, start);
    }

    /// <summary>
    /// An item whose first name is an alias, the colon right after it (<c>heading:title</c>): the common aliased
    /// shapes, a bare field or one with a selection, are built here; whitespace or arguments take the general path.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // one body with ParseFieldRest, its one caller
    private PropertyReference ParseAliased(string alias, bool optional, SourceLocation start)
    {
        _position++;
        SkipWhitespace();
        CountAlias(start.Offset);
        string name = ReadName();
        char next = Current;
        if (!optional && next is ',' or ']')
        {
            return new PropertyReference(name, alias, start, null);
        }

        if (!optional && next == '[')
        {
            return new PropertyReference(name, alias, start, ParseSelection());
        }

        return ParseFieldTail(name, alias, optional, start);
    }

    /// <summary>An item that starts with '-', '?' or '!' (or is malformed: reading its name reports what is wrong).</summary>
    private PropertyReference ParseMarkedItem(SourceLocation start)
    {
        // Only a comma can leave the parser at a ']' where an item should start ('[]' and '[ ]' are read before).
        if (Current == ']')
        {
            throw Error(IncludeGrammar.TrailingComma);
        }

        CountField(start.Offset);
        if (Current == '.')
        {
            return ParseTypeCondition(start);
        }

        if (Current == '-')
        {
            _position++;
            SkipWhitespace();
            return ParseRemoval(start);
        }

        bool optional = false;
        if (Current == '?')
        {
            optional = true;
            _position++;
            SkipWhitespace();
        }

        if (Current == '!')
        {
            string wildcard = ReadWildcard();
            if (optional)
            {
                throw Error(IncludeGrammar.OptionalWildcard(wildcard), start.Offset);
            }

            SkipWhitespace();
            if (Current is '[' or ':' or '(')
            {
                throw Error(IncludeGrammar.WildcardTakesNothing(wildcard));
            }

            return new PropertyReference(wildcard, start);
        }

        return ParseFieldRest(ReadName(), optional, start);
    }

    /// <summary>The rest of a field item after its first name: ':' Name for an alias, Arguments?, Selection?.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)] // the general path: kept out of ParseItem's frame
    private PropertyReference ParseFieldRest(string name, bool optional, SourceLocation start)
    {
        SkipWhitespace();
        return Current == ':' ? ParseAliased(name, optional, start) : ParseFieldTail(name, null, optional, start);
    }

    /// <summary>The rest of a field item after its name (and alias): Arguments?, Selection?.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // one body with each caller, as before it was split out
    private PropertyReference ParseFieldTail(string name, string? alias, bool optional, SourceLocation start)
    {
        SkipWhitespace();
        var arguments = Current == '(' ? ParseArguments() : null;
        SkipWhitespace();
        var children = Current == '[' ? ParseSelection() : null;
        return new PropertyReference(name, alias, isNegated: false, optional, children, arguments, start);
    }

    /// <summary>
    /// Arguments := '(' Name ':' Value (','? Name ':' Value)* ')', GraphQL literals read by the GraphQL-like syntax's
    /// parser (the cold path: few selections carry arguments), which hands the text back after the ')'.
    /// </summary>
    private QueryArgument[] ParseArguments() =>
        GraphQLParser.ParseIncludeArguments(_text, _options, _depth, ref _position, ref _line, ref _lineStart);

    private PropertyReference ParseRemoval(SourceLocation start)
    {
        if (Current == '!' || Current == '?')
        {
            throw Error(IncludeGrammar.OnlyFieldRemovable);
        }

        string name = ReadName();
        SkipWhitespace();
        if (Current is '[' or ':' or '(')
        {
            throw Error(IncludeGrammar.RemovedFieldTakesNothing(name));
        }

        return new PropertyReference(name, start, negated: true);
    }

    private string ReadWildcard()
    {
        var text = _text;
        int start = _position;
        int end = NameRules.EndOfName(text, start + 1);
        _position = end;
        var word = text[start..end];
        return Wildcards.Find(word) ?? throw Error(IncludeGrammar.UnknownWildcard(word), start);
    }

    private string ReadName()
    {
        int start = _position;
        if (AtEnd)
        {
            throw Error(IncludeGrammar.EndBeforeFieldName);
        }

        if (!NameRules.IsNameStart(Current))
        {
            throw Error(IncludeGrammar.ExpectedFieldName(Current));
        }

        string name = NameCache.Read(_text, start, out _position);
        if (name[0] == '_' && NameRules.IsReserved(name))
        {
            throw ReservedName(name, start);
        }

        return name;
    }

    private readonly PopcornQueryException ReservedName(string name, int offset) => Error(IncludeGrammar.ReservedName(name), offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnterNesting(int offset)
    {
        if (++_depth > _options.MaxDepth)
        {
            throw Error($"The query nests deeper than {_options.MaxDepth} levels.", offset, QueryErrorKind.LimitExceeded);
        }

        // Only a host that raised MaxDepth far past the default can fail this; fail cleanly instead of overflowing the stack.
        if (!StackGuard.HasRoomFor(_depth))
        {
            throw Error("The query nests too deeply to parse.", offset, QueryErrorKind.LimitExceeded);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void CountField(int offset)
    {
        if (++_fields > _options.MaxFields)
        {
            throw TooManyFields(offset);
        }
    }

    private readonly PopcornQueryException TooManyFields(int offset) =>
        Error($"The query selects more than {_options.MaxFields} fields.", offset, QueryErrorKind.LimitExceeded);

    private void CountAlias(int offset)
    {
        if (++_aliases > _options.MaxAliases)
        {
            throw TooManyAliases(offset);
        }
    }

    private readonly PopcornQueryException TooManyAliases(int offset) =>
        Error($"The query uses more than {_options.MaxAliases} aliases.", offset, QueryErrorKind.LimitExceeded);

    // Most selections have no whitespace at all: the common case is one test, inlined at every call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SkipWhitespace()
    {
        if ((uint)_position < (uint)_text.Length && IncludeGrammar.IsWhitespace(_text[_position]))
        {
            SkipWhitespaceRun();
        }
    }

    private void SkipWhitespaceRun()
    {
        while (_position < _text.Length)
        {
            char c = _text[_position];
            if (c == '\n')
            {
                _line++;
                _lineStart = _position + 1;
            }
            else if (!IncludeGrammar.IsWhitespace(c))
            {
                return;
            }

            _position++;
        }
    }

    // Lines are counted as whitespace is skipped, so locating a node costs nothing; only an error
    // that points back before the current line rescans.
    private readonly SourceLocation Location(int offset) =>
        offset >= _lineStart ? new SourceLocation(offset, _line, offset - _lineStart + 1) : SourceLocation.At(_text, offset);

    private readonly PopcornQueryException Error(string detail) => Error(detail, _position);

    private readonly PopcornQueryException Error(string detail, int offset, QueryErrorKind kind = QueryErrorKind.Syntax) =>
        PopcornQueryException.At(kind, detail, _text, offset);
}

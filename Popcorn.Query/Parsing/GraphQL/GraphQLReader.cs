using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// The lexer of the GraphQL-like syntax: a forward-only reader over the query text that yields one
/// token at a time as a slice of the input. Ignored characters (white space, line terminators,
/// commas, the byte order mark and comments) are skipped between tokens; no string is created
/// until the parser asks for a token's value.
/// </summary>
/// <remarks>
/// Lines are counted as text is skipped, so every token knows its line and column without a
/// rescan. A line ends at a line feed (so <c>\r\n</c> is one line end), the same rule
/// <see cref="SourceLocation.At"/> uses for error positions, so node and error positions agree.
/// </remarks>
internal ref partial struct GraphQLReader
{
    private readonly ReadOnlySpan<char> _text;
    private readonly bool _allowComments;
    private int _position;
    private int _line;
    private int _lineStart;

    public GraphQLReader(ReadOnlySpan<char> text)
        : this(text, position: 0, line: 1, lineStart: 0, allowComments: true)
    {
    }

    /// <summary>
    /// A reader that starts part-way into <paramref name="text"/>, for the include syntax, whose field arguments are
    /// GraphQL literals: its parser hands over at <c>(</c> with the line it has counted so far, and takes the text
    /// back after the closing <c>)</c>. The include syntax has no comments, so <c>#</c> is refused there.
    /// </summary>
    public GraphQLReader(ReadOnlySpan<char> text, int position, int line, int lineStart, bool allowComments)
    {
        _text = text;
        _position = position;
        _line = line;
        _lineStart = lineStart;
        _allowComments = allowComments;
        Kind = GraphQLTokenKind.EndOfFile;
    }

    /// <summary>The whole query text.</summary>
    public readonly ReadOnlySpan<char> Text => _text;

    /// <summary>The kind of the current token.</summary>
    public GraphQLTokenKind Kind { get; private set; }

    /// <summary>Offset of the current token's first character.</summary>
    public int Start { get; private set; }

    /// <summary>Offset just past the current token.</summary>
    public int End { get; private set; }

    /// <summary>1-based line of the current token.</summary>
    public int Line { get; private set; }

    /// <summary>1-based column of the current token.</summary>
    public int Column { get; private set; }

    /// <summary>True when the current string token contains escape sequences to decode (set for string tokens only).</summary>
    public bool HasEscapes { get; private set; }

    /// <summary>The 1-based line the reader has reached (past the current token).</summary>
    public readonly int NextLine => _line;

    /// <summary>Offset of the first character of <see cref="NextLine"/>.</summary>
    public readonly int NextLineStart => _lineStart;

    /// <summary>Where the current token starts.</summary>
    public readonly SourceLocation Location => new(Start, Line, Column);

    /// <summary>The current token's text (for strings, with the quotes).</summary>
    public readonly ReadOnlySpan<char> Token => _text[Start..End];

    /// <summary>Moves to the next token; false at the end of the text.</summary>
    /// <exception cref="PopcornQueryException">The text at the reader's position is not a valid token.</exception>
    public bool Read()
    {
        SkipIgnored();
        var text = _text;
        int position = _position;
        Start = position;
        Line = _line;
        Column = position - _lineStart + 1;
        if ((uint)position >= (uint)text.Length)
        {
            End = position;
            Kind = GraphQLTokenKind.EndOfFile;
            return false;
        }

        // Names first (most tokens are names), then the one-character punctuators, whose kind is read from a table.
        char c = text[position];
        if (GraphQLCharacters.IsNameStart(c))
        {
            ReadName();
        }
        else if (GraphQLCharacters.IsPunctuator(c))
        {
            _position = position + 1;
            Kind = GraphQLCharacters.PunctuatorKind(c);
        }
        else if (c == '-' || GraphQLCharacters.IsDigit(c))
        {
            ReadNumber();
        }
        else if (c == '"')
        {
            HasEscapes = false;
            if (Peek(1) == '"' && Peek(2) == '"')
            {
                ReadBlockString();
            }
            else
            {
                ReadString();
            }
        }
        else if (c == '.')
        {
            ReadSpread();
        }
        else
        {
            throw UnexpectedCharacter(c, _position);
        }

        End = _position;
        return true;
    }

    /// <summary>
    /// Ignored :: UnicodeBOM | WhiteSpace | LineTerminator | Comment | Comma
    /// </summary>
    /// <remarks>
    /// Tokens are mostly separated by nothing or by one space, so those two cases are decided inline and only
    /// longer runs (indentation, line breaks, commas, comments) take the loop.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SkipIgnored()
    {
        var text = _text;
        int position = _position;
        if ((uint)position >= (uint)text.Length || !IsIgnoredStart(text[position]))
        {
            return;
        }

        if (text[position] == ' ' && ((uint)(position + 1) >= (uint)text.Length || !IsIgnoredStart(text[position + 1])))
        {
            _position = position + 1;
            return;
        }

        SkipIgnoredRun();
    }

    // Every character Ignored can start with is at most ',' (0x2C) or is the byte order mark.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsIgnoredStart(char c) => c <= ',' || c == '\uFEFF';

    private void SkipIgnoredRun()
    {
        var text = _text;
        int position = _position;
        while (position < text.Length)
        {
            char c = text[position];
            switch (c)
            {
                case ' ' or '\t' or ',' or '\r' or '\uFEFF':
                    position++;
                    break;
                case '\n':
                    position++;
                    _line++;
                    _lineStart = position;
                    break;
                case '#' when _allowComments:
                    position = SkipComment(position);
                    break;
                default:
                    _position = position;
                    return;
            }
        }

        _position = position;
    }

    /// <summary>Comment :: <c>#</c> CommentChar* — runs to the end of the line; CommentChar :: SourceCharacter but not LineTerminator.</summary>
    private readonly int SkipComment(int position)
    {
        var text = _text;
        position++;
        while (position < text.Length)
        {
            char c = text[position];
            if (c is '\n' or '\r')
            {
                break;
            }

            // CommentChar is any SourceCharacter, which since September 2025 includes control characters: only a surrogate needs a look.
            position = char.IsSurrogate(c) ? SkipSurrogatePair(position, "in a comment") : position + 1;
        }

        return position;
    }

    /// <summary>Punctuator <c>...</c>; a lone <c>.</c> or <c>..</c> is not a token.</summary>
    private void ReadSpread()
    {
        if (Peek(1) != '.' || Peek(2) != '.')
        {
            throw Error("Unexpected character '.': did you mean '...'?", _position);
        }

        _position += 3;
        Kind = GraphQLTokenKind.Spread;
    }

    /// <summary>Name :: NameStart NameContinue* [lookahead != NameContinue]</summary>
    private void ReadName()
    {
        // The name characters are NameRules' (GraphQL's): the shared scan reads eight at a time.
        _position = NameCache.EndOfName(_text, _position);
        Kind = GraphQLTokenKind.Name;
    }

    private readonly char Peek(int ahead) =>
        _position + ahead < _text.Length ? _text[_position + ahead] : '\0';

    private readonly PopcornQueryException UnexpectedCharacter(char c, int offset)
    {
        if (GraphQLCharacters.IsInvalidSource(c))
        {
            return InvalidCharacter(c, offset, "in a query");
        }

        string hint = c switch
        {
            '?' => ": write 'name @optional' instead of '?name'",
            '\'' => ": strings are written in double quotes",
            _ => string.Empty,
        };
        return Error($"Unexpected character {NameRules.Describe(c)}{hint}.", offset);
    }

    private readonly PopcornQueryException InvalidCharacter(char c, int offset, string where) =>
        Error($"Invalid character {NameRules.Describe(c)} {where}: control characters other than tab and line breaks are allowed only in strings and comments.", offset);

    /// <summary>Shortens client text quoted in a message to the excerpt limit.</summary>
    public static string Truncate(ReadOnlySpan<char> text) => IncludeGrammar.Truncate(text);

    /// <summary>A syntax error at <paramref name="offset"/>.</summary>
    public readonly PopcornQueryException Error(string detail, int offset) =>
        PopcornQueryException.At(QueryErrorKind.Syntax, detail, _text, offset);
}

using System.Globalization;
using System.Text;

namespace Popcorn.Query;

/// <summary>StringValue in both its forms, and decoding a string token into its value.</summary>
internal ref partial struct GraphQLReader
{
    /// <summary>
    /// StringValue :: <c>"</c> StringCharacter* <c>"</c>
    /// StringCharacter :: SourceCharacter but not <c>"</c>, <c>\</c> or LineTerminator | <c>\u</c> EscapedUnicode | <c>\</c> EscapedCharacter
    /// </summary>
    /// <remarks>
    /// SourceCharacter is any Unicode scalar value (September 2025), so control characters are allowed here; only a
    /// surrogate that is not half of a pair is refused, since it is no scalar value.
    /// </remarks>
    private void ReadString()
    {
        var text = _text;
        int open = _position;
        int position = open + 1;
        while (true)
        {
            if (position >= text.Length)
            {
                throw Error("Unterminated string: expected a closing '\"'.", open);
            }

            char c = text[position];
            if (c == '"')
            {
                _position = position + 1;
                Kind = GraphQLTokenKind.String;
                return;
            }

            if (c is '\n' or '\r')
            {
                throw Error("Unterminated string: a string cannot span lines; use a block string (\"\"\"...\"\"\").", open);
            }

            if (c == '\\')
            {
                HasEscapes = true;
                position = CheckEscape(position);
                continue;
            }

            position = char.IsSurrogate(c) ? SkipSurrogatePair(position, "in a string") : position + 1;
        }
    }

    /// <summary>Past a surrogate pair at <paramref name="position"/>; a lone surrogate is no Unicode scalar value, so no SourceCharacter.</summary>
    private readonly int SkipSurrogatePair(int position, string where)
    {
        var text = _text;
        if (char.IsHighSurrogate(text[position]) && position + 1 < text.Length && char.IsLowSurrogate(text[position + 1]))
        {
            return position + 2;
        }

        throw Error($"Invalid character {NameRules.Describe(text[position])} {where}: a surrogate must be half of a pair.", position);
    }

    /// <summary>EscapedCharacter :: one of <c>" \ / b f n r t</c>, or <c>u</c> EscapedUnicode. Returns the offset past the escape.</summary>
    private readonly int CheckEscape(int backslash)
    {
        var text = _text;
        char escape = backslash + 1 < text.Length ? text[backslash + 1] : '\0';
        switch (escape)
        {
            case '"' or '\\' or '/' or 'b' or 'f' or 'n' or 'r' or 't':
                return backslash + 2;
            case 'u':
                return CheckUnicodeEscape(backslash);
            default:
                throw backslash + 1 >= text.Length
                    ? Error("Unterminated string: expected a closing '\"'.", backslash)
                    : Error($"Invalid escape sequence '\\{Truncate(text.Slice(backslash + 1, 1))}'.", backslash);
        }
    }

    /// <summary>
    /// BlockString :: <c>"""</c> BlockStringCharacter* <c>"""</c>
    /// BlockStringCharacter :: SourceCharacter but not <c>"""</c> or <c>\"""</c> | <c>\"""</c>
    /// </summary>
    private void ReadBlockString()
    {
        var text = _text;
        int open = _position;
        int position = open + 3;
        while (true)
        {
            if (position >= text.Length)
            {
                throw Error("Unterminated block string: expected a closing '\"\"\"'.", open);
            }

            char c = text[position];
            if (c == '"' && IsTripleQuote(text, position))
            {
                _position = position + 3;
                Kind = GraphQLTokenKind.BlockString;
                return;
            }

            if (c == '\\' && IsTripleQuote(text, position + 1))
            {
                HasEscapes = true;
                position += 4;
                continue;
            }

            if (c == '\n')
            {
                _line++;
                _lineStart = position + 1;
            }
            else if (char.IsSurrogate(c))
            {
                position = SkipSurrogatePair(position, "in a block string");
                continue;
            }

            position++;
        }
    }

    /// <summary>The value of the current String or BlockString token.</summary>
    public readonly string GetString()
    {
        if (Kind == GraphQLTokenKind.BlockString)
        {
            return BlockStringValue(_text[(Start + 3)..(End - 3)]);
        }

        var raw = _text[(Start + 1)..(End - 1)];
        return HasEscapes ? Unescape(raw) : raw.ToString();
    }

    /// <summary>Decodes the escapes of a string the reader has already checked.</summary>
    private static string Unescape(ReadOnlySpan<char> raw)
    {
        var builder = new StringBuilder(raw.Length);
        for (int i = 0; i < raw.Length; i++)
        {
            char c = raw[i];
            if (c != '\\')
            {
                builder.Append(c);
                continue;
            }

            char escape = raw[++i];
            switch (escape)
            {
                case 'b': builder.Append('\b'); break;
                case 'f': builder.Append('\f'); break;
                case 'n': builder.Append('\n'); break;
                case 'r': builder.Append('\r'); break;
                case 't': builder.Append('\t'); break;
                case 'u' when raw[i + 1] == '{':
                    int close = raw[i..].IndexOf('}') + i;
                    builder.Append(char.ConvertFromUtf32(BracedValue(raw[(i + 2)..close])));
                    i = close;
                    break;
                case 'u':
                    // Each fixed-width escape is one UTF-16 code unit; the reader has checked that surrogates come in pairs.
                    builder.Append((char)int.Parse(raw.Slice(i + 1, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture));
                    i += 4;
                    break;
                default: builder.Append(escape); break;
            }
        }

        return builder.ToString();
    }

    /// <summary>
    /// BlockStringValue(rawValue), as the specification defines it: <c>\"""</c> unescaped, lines
    /// split on line terminators, the common indentation of all lines but the first removed,
    /// blank leading and trailing lines dropped, lines joined with <c>\n</c>.
    /// </summary>
    private static string BlockStringValue(ReadOnlySpan<char> raw)
    {
        var lines = new List<string>();
        int lineStart = 0;
        for (int i = 0; i <= raw.Length; i++)
        {
            if (i == raw.Length || raw[i] is '\n' or '\r')
            {
                lines.Add(raw[lineStart..i].ToString().Replace("\\\"\"\"", "\"\"\"", StringComparison.Ordinal));
                if (i < raw.Length && raw[i] == '\r' && i + 1 < raw.Length && raw[i + 1] == '\n')
                {
                    i++;
                }

                lineStart = i + 1;
            }
        }

        int commonIndent = int.MaxValue;
        for (int i = 1; i < lines.Count; i++)
        {
            int indent = LeadingWhiteSpace(lines[i]);
            if (indent < lines[i].Length && indent < commonIndent)
            {
                commonIndent = indent;
            }
        }

        if (commonIndent != int.MaxValue)
        {
            for (int i = 1; i < lines.Count; i++)
            {
                lines[i] = lines[i].Length <= commonIndent ? string.Empty : lines[i][commonIndent..];
            }
        }

        int first = 0;
        while (first < lines.Count && LeadingWhiteSpace(lines[first]) == lines[first].Length)
        {
            first++;
        }

        int last = lines.Count - 1;
        while (last >= first && LeadingWhiteSpace(lines[last]) == lines[last].Length)
        {
            last--;
        }

        return first > last ? string.Empty : string.Join('\n', lines.GetRange(first, last - first + 1));
    }

    private static int LeadingWhiteSpace(string line)
    {
        int count = 0;
        while (count < line.Length && line[count] is ' ' or '\t')
        {
            count++;
        }

        return count;
    }

    private static bool IsTripleQuote(ReadOnlySpan<char> text, int position) =>
        position + 2 < text.Length && text[position] == '"' && text[position + 1] == '"' && text[position + 2] == '"';
}

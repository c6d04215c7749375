namespace Popcorn.Query;

/// <summary>
/// EscapedUnicode as the September 2025 edition has it: a braced form for any code point, and the fixed-width form
/// whose surrogates must come as a pair, so that every escape decodes to Unicode scalar values.
/// </summary>
internal ref partial struct GraphQLReader
{
    private const int MaxScalarValue = 0x10FFFF;

    /// <summary>
    /// EscapedUnicode :: <c>{</c> HexDigit+ <c>}</c> | HexDigit HexDigit HexDigit HexDigit. Returns the offset past the
    /// escape, past both escapes of a surrogate pair.
    /// </summary>
    private readonly int CheckUnicodeEscape(int backslash)
    {
        var text = _text;
        if (backslash + 2 < text.Length && text[backslash + 2] == '{')
        {
            return CheckBracedEscape(backslash);
        }

        int value = FixedWidthValue(backslash);
        if (value < 0)
        {
            throw Error("Invalid '\\u' escape: expected four hex digits, or hex digits in braces ('\\u{1F600}').", backslash);
        }

        if (!char.IsSurrogate((char)value))
        {
            return backslash + 6;
        }

        // A leading surrogate counts only with a trailing one escaped right after it; either half alone is no scalar value.
        if (char.IsHighSurrogate((char)value)
            && backslash + 7 < text.Length && text[backslash + 6] == '\\' && text[backslash + 7] == 'u'
            && FixedWidthValue(backslash + 6) is int trailing and >= 0 && char.IsLowSurrogate((char)trailing))
        {
            return backslash + 12;
        }

        throw Error(
            $"Invalid '\\u' escape: '{Truncate(text.Slice(backslash, 6))}' is half of a surrogate pair; write the pair as two escapes, leading then trailing, or the code point as '\\u{{...}}'.",
            backslash);
    }

    /// <summary><c>\u{</c> HexDigit+ <c>}</c>, whose value must be a Unicode scalar value (leading zeros are allowed).</summary>
    private readonly int CheckBracedEscape(int backslash)
    {
        var text = _text;
        int position = backslash + 3;
        int value = 0;
        while (position < text.Length && GraphQLCharacters.IsHexDigit(text[position]))
        {
            // Stop growing once past the range, so a long run of digits cannot overflow into a valid value.
            value = Math.Min((value << 4) | HexValue(text[position]), MaxScalarValue + 1);
            position++;
        }

        if (position == backslash + 3 || position >= text.Length || text[position] != '}')
        {
            throw Error("Invalid '\\u{' escape: expected hex digits and a closing '}', as in '\\u{1F600}'.", backslash);
        }

        if (value > MaxScalarValue || (value is >= 0xD800 and <= 0xDFFF))
        {
            throw Error($"Invalid '\\u{{' escape: '{Truncate(text[backslash..(position + 1)])}' is not a Unicode scalar value (at most 10FFFF, and no surrogate).", backslash);
        }

        return position + 1;
    }

    /// <summary>The value of the four hex digits after <c>\u</c> at <paramref name="backslash"/>, or -1.</summary>
    private readonly int FixedWidthValue(int backslash)
    {
        var text = _text;
        if (backslash + 6 > text.Length)
        {
            return -1;
        }

        int value = 0;
        for (int i = backslash + 2; i < backslash + 6; i++)
        {
            if (!GraphQLCharacters.IsHexDigit(text[i]))
            {
                return -1;
            }

            value = (value << 4) | HexValue(text[i]);
        }

        return value;
    }

    private static int HexValue(char c) => c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;

    /// <summary>The code point of a braced escape the reader has already checked; <paramref name="digits"/> is what lies between the braces.</summary>
    private static int BracedValue(ReadOnlySpan<char> digits)
    {
        int value = 0;
        foreach (char c in digits)
        {
            value = Math.Min((value << 4) | HexValue(c), MaxScalarValue + 1);
        }

        return value;
    }
}

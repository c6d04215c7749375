using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// Character classes of GraphQL's lexical grammar as one lookup table over ASCII, so the reader
/// tests a class with one load instead of a chain of comparisons. Everything past ASCII is in no
/// class: GraphQL allows it only inside strings and comments, which the reader scans on their own.
/// </summary>
internal static class GraphQLCharacters
{
    private const byte NameStartClass = 1;
    private const byte NamePartClass = 2;
    private const byte DigitClass = 4;
    private const byte PunctuatorClass = 8;

    private static readonly byte[] s_classes = BuildClasses();

    /// <summary>NameStart :: Letter | <c>_</c></summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsNameStart(char c) => c < 128 && (s_classes[c] & NameStartClass) != 0;

    /// <summary>NameContinue :: Letter | Digit | <c>_</c></summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsNamePart(char c) => c < 128 && (s_classes[c] & NamePartClass) != 0;

    /// <summary>Digit :: one of <c>0</c>..<c>9</c></summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsDigit(char c) => c < 128 && (s_classes[c] & DigitClass) != 0;

    /// <summary>Punctuator :: one of <c>! $ &amp; ( ) : = @ [ ] { | }</c> (<c>...</c> is read on its own).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsPunctuator(char c) => c < 128 && (s_classes[c] & PunctuatorClass) != 0;

    /// <summary>The token kind of a punctuator character (one <see cref="IsPunctuator"/> accepts).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static GraphQLTokenKind PunctuatorKind(char c) => (GraphQLTokenKind)s_punctuatorKinds[c & 127];

    private static readonly byte[] s_punctuatorKinds = BuildPunctuatorKinds();

    private static byte[] BuildPunctuatorKinds()
    {
        var kinds = new byte[128];
        kinds['!'] = (byte)GraphQLTokenKind.Bang;
        kinds['$'] = (byte)GraphQLTokenKind.Dollar;
        kinds['&'] = (byte)GraphQLTokenKind.Ampersand;
        kinds['('] = (byte)GraphQLTokenKind.LeftParenthesis;
        kinds[')'] = (byte)GraphQLTokenKind.RightParenthesis;
        kinds[':'] = (byte)GraphQLTokenKind.Colon;
        kinds['='] = (byte)GraphQLTokenKind.Equal;
        kinds['@'] = (byte)GraphQLTokenKind.At;
        kinds['['] = (byte)GraphQLTokenKind.LeftBracket;
        kinds[']'] = (byte)GraphQLTokenKind.RightBracket;
        kinds['{'] = (byte)GraphQLTokenKind.LeftBrace;
        kinds['|'] = (byte)GraphQLTokenKind.Pipe;
        kinds['}'] = (byte)GraphQLTokenKind.RightBrace;
        return kinds;
    }

    /// <summary>
    /// True for the control characters other than tab, line feed and carriage return: no token starts with one,
    /// so outside strings and comments (where the September 2025 edition allows them) they are refused.
    /// </summary>
    public static bool IsInvalidSource(char c) => c < ' ' && c is not ('\t' or '\n' or '\r');

    /// <summary>True for the hex digits of a <c>\uXXXX</c> escape.</summary>
    public static bool IsHexDigit(char c) => char.IsAsciiHexDigit(c);

    private static byte[] BuildClasses()
    {
        var classes = new byte[128];
        for (char c = 'a'; c <= 'z'; c++)
        {
            classes[c] = NameStartClass | NamePartClass;
            classes[char.ToUpperInvariant(c)] = NameStartClass | NamePartClass;
        }

        for (char c = '0'; c <= '9'; c++)
        {
            classes[c] = NamePartClass | DigitClass;
        }

        classes['_'] = NameStartClass | NamePartClass;
        foreach (char c in "!$&():=@[]{|}")
        {
            classes[c] = PunctuatorClass;
        }

        return classes;
    }
}

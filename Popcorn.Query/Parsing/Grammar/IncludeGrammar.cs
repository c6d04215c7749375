using System;
using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// The include syntax's rules that need no tree, and the wording of each of its mistakes. <c>IncludeParser</c>
/// uses them at run time; Popcorn.Generator links this file (with <see cref="NameRules"/> and <see cref="Wildcards"/>)
/// to check <c>[SubPropertyDefault]</c> text at build time, so a build that passes cannot become a request that fails,
/// and both say the same thing about the same mistake.
/// </summary>
/// <remarks>Compiled for netstandard2.0 as well: no ranges and no APIs newer than netstandard2.0 and System.Memory.</remarks>
internal static class IncludeGrammar
{
    /// <summary>The longest piece of client text a message quotes (the runtime's <c>PopcornQueryException.MaxExcerptLength</c> is this constant).</summary>
    public const int MaxQuotedLength = 40;

    /// <summary>The message when an item is a removed field or a wildcard with something after it.</summary>
    public const string OnlyFieldRemovable = "Only a field can be removed: write '-name'.";

    /// <summary>The message for <c>[a,]</c>.</summary>
    public const string TrailingComma = "Expected a field name after ','; remove the trailing comma.";

    /// <summary>The message when the text ends where a name belongs.</summary>
    public const string EndBeforeFieldName = "Unexpected end of query: expected a field name.";

    /// <summary>Whitespace :: space, tab, line break or byte order mark; allowed between any two tokens.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsWhitespace(char c) => c is ' ' or '\t' or '\r' or '\n' or '\uFEFF';

    /// <summary>The 1-based line and column of <paramref name="offset"/>: a line ends at a line feed, as everywhere else.</summary>
    public static (int Line, int Column) LineAndColumn(ReadOnlySpan<char> text, int offset)
    {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.Length; i++)
        {
            if (text[i] == '\n')
            {
                line++;
                lineStart = i + 1;
            }
        }

        return (line, offset - lineStart + 1);
    }

    public static string ExpectedSelection(ReadOnlySpan<char> text, int offset) =>
        offset >= text.Length ? "Unexpected end of query: expected '['." : $"Expected '[' but found {NameRules.Describe(text[offset])}.";

    public static string UnexpectedAfterClose(char c) => $"Unexpected {NameRules.Describe(c)} after the closing ']'.";

    /// <summary>The message where an item should end, at <paramref name="offset"/> in a list opened at <paramref name="open"/>.</summary>
    public static string UnexpectedInList(ReadOnlySpan<char> text, int offset, int open)
    {
        if (offset >= text.Length)
        {
            var (line, column) = LineAndColumn(text, open);
            return $"Unexpected end of query: expected ',' or ']' to close the '[' at line {line}, column {column}.";
        }

        char c = text[offset];
        return NameRules.IsNamePart(c) && offset > 0 && char.IsWhiteSpace(text[offset - 1])
            ? $"Expected ',' or ']' but found {NameRules.Describe(c)}: a field name cannot contain spaces; separate fields with ','."
            : $"Expected ',' or ']' but found {NameRules.Describe(c)}.";
    }

    /// <summary>
    /// The message where a name should start. <c>*</c> gets its own: it was Popcorn v7's wildcard, and clients migrated
    /// from it should learn the word that replaced it rather than that a star is not a name.
    /// </summary>
    public static string ExpectedFieldName(char c) => c == '*'
        ? "'*' was Popcorn v7's wildcard and is not supported: write '!all' for every field of the type (or '!full' for every field, recursively)."
        : $"Expected a field name but found {NameRules.Describe(c)}.";

    public static string ReservedName(ReadOnlySpan<char> name) => $"Names starting with '__' are reserved: '{Truncate(name)}'.";

    public static string RemovedFieldTakesNothing(string name) => $"A removed field takes no alias, arguments or children: write '-{name}'.";

    /// <summary>
    /// The message for <c>!word</c> when the word is no wildcard. It names the removal too: upstream Popcorn ignored
    /// <c>[!Name]</c> as an unknown field, and a client that meant to remove <c>Name</c> should learn to write <c>-Name</c>.
    /// </summary>
    public static string UnknownWildcard(ReadOnlySpan<char> word) => word.Length > 1 && NameRules.IsNameStart(word[1])
        ? $"Unknown wildcard '{Truncate(word)}'; expected !all, !default or !full (to remove a field, write '-{Truncate(word.Slice(1))}')."
        : $"Unknown wildcard '{Truncate(word)}'; expected !all, !default or !full.";

    public static string OptionalWildcard(string wildcard) => $"A wildcard cannot be optional: write '{wildcard}' without '?'.";

    public static string WildcardTakesNothing(string wildcard) => $"'{wildcard}' takes no alias, arguments or children.";

    /// <summary>The message when <c>...</c> is not followed by <c>on Type</c>.</summary>
    public const string ExpectedTypeCondition = "Expected 'on' and a type name after '...': write '...on Type[fields]'.";

    public static string ExpectedTypeName(char c) => $"Expected a type name after '...on' but found {NameRules.Describe(c)}.";

    public static string TypeConditionNeedsSelection(string typeName) => $"A type condition takes a selection: write '...on {typeName}[fields]'.";

    /// <summary>Shortens client text quoted in a message to <see cref="MaxQuotedLength"/> characters.</summary>
    public static string Truncate(ReadOnlySpan<char> text) =>
        text.Length <= MaxQuotedLength ? text.ToString() : text.Slice(0, MaxQuotedLength).ToString() + "…";
}

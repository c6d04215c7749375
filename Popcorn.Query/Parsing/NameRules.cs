namespace Popcorn.Query;

/// <summary>
/// The name grammar both syntaxes share (GraphQL's <c>/[_A-Za-z][_0-9A-Za-z]*/</c>), so that every
/// tree prints in both. Names starting with <c>__</c> are reserved, as in GraphQL, except the
/// wildcards' GraphQL spellings and <c>__typename</c>.
/// </summary>
internal static class NameRules
{
    /// <summary>The meta-field that writes the type's name.</summary>
    public const string TypeName = "__typename";

    public static bool IsNameStart(char c) => char.IsAsciiLetter(c) || c == '_';

    public static bool IsNamePart(char c) => char.IsAsciiLetterOrDigit(c) || c == '_';

    /// <summary>True for names a client may not use (reserved <c>__</c> names other than <c>__typename</c>).</summary>
    public static bool IsReserved(ReadOnlySpan<char> name) =>
        name.StartsWith("__") && !name.SequenceEqual(TypeName);

    /// <summary>True when <paramref name="name"/> follows the shared name grammar.</summary>
    public static bool IsValidName(ReadOnlySpan<char> name)
    {
        if (name.IsEmpty || !IsNameStart(name[0]))
        {
            return false;
        }

        foreach (char c in name[1..])
        {
            if (!IsNamePart(c))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>How a character is shown in an error message.</summary>
    public static string Describe(char c) => c switch
    {
        ' ' => "' ' (a space)",
        '\t' => "a tab",
        '\r' or '\n' => "a line break",
        _ when char.IsControl(c) || char.IsSurrogate(c) => $"U+{(int)c:X4}",
        _ => $"'{c}'",
    };
}

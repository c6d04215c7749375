using System;
using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// The name grammar both syntaxes share (GraphQL's <c>/[_A-Za-z][_0-9A-Za-z]*/</c>), so that every
/// tree prints in both. Names starting with <c>__</c> are reserved, as in GraphQL, except the
/// wildcards' GraphQL spellings and GraphQL's meta-fields (<c>__typename</c>, and <c>__schema</c> and <c>__type</c>,
/// which only the gateway's query type answers: on a model they are unknown fields).
/// </summary>
/// <remarks>
/// Linked into Popcorn.Generator (netstandard2.0), which checks <c>[SubPropertyDefault]</c> text and wire names with
/// these same rules at build time: no ranges and no APIs newer than netstandard2.0 and System.Memory here.
/// </remarks>
internal static class NameRules
{
    /// <summary>The meta-field that writes the type's name.</summary>
    public const string TypeName = "__typename";

    // The same tests as char.IsAsciiLetter and char.IsAsciiDigit, which netstandard2.0 lacks: one subtraction each.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsNameStart(char c) => (uint)((c | 0x20) - 'a') <= 'z' - 'a' || c == '_';

    // One bit per ASCII character (digits; then A-Z, '_' and a-z): a name character is a bit test instead of three ranges.
    private const ulong NamePartsBelow64 = 0x03FF_0000_0000_0000;
    private const ulong NamePartsFrom64 = 0x07FF_FFFE_87FF_FFFE;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsNamePart(char c) => c < 128 && (((c < 64 ? NamePartsBelow64 : NamePartsFrom64) >> (c & 63)) & 1) != 0;

    /// <summary>Where the name characters starting at <paramref name="position"/> end.</summary>
    /// <remarks>A loop over locals: a parser's fields live behind a reference, and this runs for every character of every name.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int EndOfName(ReadOnlySpan<char> text, int position)
    {
        while ((uint)position < (uint)text.Length && IsNamePart(text[position]))
        {
            position++;
        }

        return position;
    }

    /// <summary>The introspection meta-fields of GraphQL's query type.</summary>
    public const string Schema = "__schema";

    /// <inheritdoc cref="Schema"/>
    public const string Type = "__type";

    /// <summary>True for names a client may not use (reserved <c>__</c> names other than the meta-fields).</summary>
    public static bool IsReserved(ReadOnlySpan<char> name) =>
        name.StartsWith("__".AsSpan()) && !name.SequenceEqual(TypeName.AsSpan()) && !name.SequenceEqual(Schema.AsSpan()) && !name.SequenceEqual(Type.AsSpan());

    /// <summary>True when <paramref name="name"/> follows the shared name grammar.</summary>
    public static bool IsValidName(ReadOnlySpan<char> name)
    {
        if (name.IsEmpty || !IsNameStart(name[0]))
        {
            return false;
        }

        for (int i = 1; i < name.Length; i++)
        {
            if (!IsNamePart(name[i]))
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

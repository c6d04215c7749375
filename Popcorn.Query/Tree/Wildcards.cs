using System;

namespace Popcorn.Query;

/// <summary>
/// The include spellings of the wildcards, the words the tree stores (<c>PropertyReference.AllWildcard</c> and its
/// siblings are these constants). Linked into Popcorn.Generator, so its build-time check knows the same words.
/// </summary>
internal static class Wildcards
{
    /// <summary>Every available field of a type.</summary>
    public const string All = "!all";

    /// <summary>A type's default fields.</summary>
    public const string Default = "!default";

    /// <summary>Every field, recursively.</summary>
    public const string Full = "!full";

    /// <summary>The wildcard <paramref name="word"/> spells (with its <c>!</c>), or null for any other word.</summary>
    public static string? Find(ReadOnlySpan<char> word)
    {
        // The three words differ in length, so one comparison decides.
        string? candidate = word.Length switch
        {
            4 => All,
            5 => Full,
            8 => Default,
            _ => null,
        };
        return candidate is not null && word.SequenceEqual(candidate.AsSpan()) ? candidate : null;
    }
}

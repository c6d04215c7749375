namespace Popcorn.Query;

/// <summary>
/// Hands out one string per short name across parses, so that the field names a server sees on every request
/// (<c>id</c>, <c>name</c>) are not allocated again on every parse. A small direct-mapped table, shared by all
/// threads without locks: a slot holds the last name hashed to it, and a miss simply creates the string.
/// </summary>
/// <remarks>
/// Reading or replacing a slot is one reference read or write, so a race can only cost an extra string, never a
/// wrong one: a name is returned only after comparing it with the requested characters. The table's size is fixed
/// (at most <see cref="Slots"/> names of at most <see cref="MaxCachedLength"/> characters), whatever clients send.
/// </remarks>
internal static class NameCache
{
    /// <summary>Longest name kept; longer ones are created each time.</summary>
    public const int MaxCachedLength = 32;

    private const int Slots = 512;

    private static readonly string?[] s_slots = new string?[Slots];

    /// <summary>The string for <paramref name="name"/>: a cached instance when there is one.</summary>
    public static string Get(ReadOnlySpan<char> name)
    {
        if (name.Length > MaxCachedLength || name.IsEmpty)
        {
            return name.ToString();
        }

        // FNV-1a over the characters: cheap for short names, and a collision only costs a miss.
        uint hash = 2166136261;
        foreach (char c in name)
        {
            hash = (hash ^ c) * 16777619;
        }

        ref string? slot = ref s_slots[(int)(hash & (Slots - 1))];
        string? cached = slot;
        if (cached is not null && name.SequenceEqual(cached))
        {
            return cached;
        }

        string created = name.ToString();
        slot = created;
        return created;
    }
}

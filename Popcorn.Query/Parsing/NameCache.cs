using System.Runtime.CompilerServices;

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

    private const int SlotBits = 9;

    private const int Slots = 1 << SlotBits;

    private static readonly string?[] s_slots = new string?[Slots];

    /// <summary>The string for <paramref name="name"/>: a cached instance when there is one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string Get(ReadOnlySpan<char> name)
    {
        if (name.Length > MaxCachedLength || name.IsEmpty)
        {
            return name.ToString();
        }

        // The length and three characters (first, middle, last) instead of a hash of every character: a constant
        // cost per name, and field names that share all four are rare enough that a collision (which only costs
        // a miss) does not matter. The key is multiplied by 2^32 / phi and its top bits kept (Fibonacci hashing), so
        // every character's bits reach the slot index.
        uint key = (uint)name.Length ^ ((uint)name[0] << 6) ^ ((uint)name[name.Length >> 1] << 13) ^ ((uint)name[^1] << 20);
        ref string? slot = ref s_slots[(int)((key * 0x9E3779B1u) >> (32 - SlotBits))];
        string? cached = slot;
        if (cached is not null && name.SequenceEqual(cached))
        {
            return cached;
        }

        return Create(name, ref slot);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string Create(ReadOnlySpan<char> name, ref string? slot)
    {
        string created = name.ToString();
        slot = created;
        return created;
    }
}

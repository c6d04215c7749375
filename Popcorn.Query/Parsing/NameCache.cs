using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Popcorn.Query;

/// <summary>
/// Hands out one string per short name across parses, so that the field names a server sees on every request
/// (<c>id</c>, <c>name</c>) are not allocated again on every parse. Small direct-mapped tables, shared by all
/// threads without locks: a slot holds the last name hashed to it, and a miss simply creates the string.
/// </summary>
/// <remarks>
/// <para>
/// Reading or replacing a slot is one reference read or write, so a race can only cost an extra string, never a
/// wrong one: a name is returned only after comparing it with the requested characters. The tables' sizes are fixed
/// (at most <see cref="Slots"/> names of at most <see cref="MaxCachedLength"/> characters each), whatever clients send.
/// </para>
/// <para>
/// Most field names are at most <see cref="VectorLength"/> characters. For those, the parsers' name scan loads the
/// next eight characters of the text as one vector, finds where the name ends in it, and the same vector, its
/// characters past the name cleared, is the key of a second table: the slot comes from the vector's two halves, and
/// a hit is one vector compare with the slot's key (a name holds no U+0000, so a cleared lane never matches a
/// name's character). A name within eight characters of the text's end is read from the text's last eight characters,
/// moved down (<see cref="LoadTail"/>); longer names, and texts shorter than eight characters, take the scalar path.
/// </para>
/// </remarks>
internal static class NameCache
{
    /// <summary>Longest name kept; longer ones are created each time.</summary>
    public const int MaxCachedLength = 32;

    /// <summary>How many characters the vector path reads at once.</summary>
    public const int VectorLength = 8;

    private const int SlotBits = 9;

    private const int Slots = 1 << SlotBits;

    private static readonly string?[] s_slots = new string?[Slots];

    private static readonly ShortName?[] s_short = new ShortName?[Slots];

    /// <summary>
    /// Reads the name that starts at <paramref name="start"/> (whose first character the caller has checked is a
    /// name start) and returns it with <paramref name="end"/> just past it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string Read(ReadOnlySpan<char> text, int start, out int end)
    {
        if (Vector128.IsHardwareAccelerated && HasVectorAt(text, start))
        {
            var chars = Vector128.LoadUnsafe(ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(text)), (nuint)(uint)start);
            uint nameLanes = NameLanes(chars);
            if (nameLanes != 0xFF)
            {
                int length = BitOperations.TrailingZeroCount(~nameLanes);
                end = start + length;
                return Lookup(chars & Vector128.LessThan(LaneIndexes, Vector128.Create((ushort)length)), text, start, length);
            }
        }

        return ReadOutOfLine(text, start, out end);
    }

    /// <summary>
    /// True when the eight characters at <paramref name="start"/> are all inside <paramref name="text"/>. Written as a
    /// sum, not as <c>start &lt;= text.Length - 8</c>: for a text shorter than eight characters that difference is
    /// negative and, compared unsigned, let the vector read run past the text's end.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasVectorAt(ReadOnlySpan<char> text, int start) => (uint)(start + VectorLength) <= (uint)text.Length;

    /// <summary>True when a name near the end of <paramref name="text"/> can still be read as one vector (see <see cref="LoadTail"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool CanLoadTail(ReadOnlySpan<char> text) => text.Length >= VectorLength && (Ssse3.IsSupported || AdvSimd.Arm64.IsSupported);

    /// <summary>
    /// <see cref="Read"/> for the names its inlined path leaves: a name that starts within eight characters of the
    /// text's end (the last name of most short selections: <c>Name</c> in <c>[Id,Name]</c>) is read from the text's
    /// last eight characters moved down (<see cref="LoadTail"/>) and looked up as any short one; longer names, and
    /// texts shorter than eight characters, are read character by character. Out of line, so the callers that inline
    /// the common path do not carry these.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string ReadOutOfLine(ReadOnlySpan<char> text, int start, out int end)
    {
        if (Vector128.IsHardwareAccelerated && !HasVectorAt(text, start) && CanLoadTail(text))
        {
            var chars = LoadTail(text, start);

            // A cleared lane is no name character, so the name ends within the vector.
            int length = BitOperations.TrailingZeroCount(~NameLanes(chars));
            end = start + length;
            return Lookup(chars & Vector128.LessThan(LaneIndexes, Vector128.Create((ushort)length)), text, start, length);
        }

        end = NameRules.EndOfName(text, start + 1);
        return Get(text[start..end]);
    }

    /// <summary>
    /// <see cref="Get(ReadOnlySpan{char}, int, int)"/> for the names its inlined path leaves: a short name within
    /// eight characters of the text's end from <see cref="LoadTail"/>, any other from its characters.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string GetOutOfLine(ReadOnlySpan<char> text, int start, int length) =>
        Vector128.IsHardwareAccelerated && (uint)length <= VectorLength && !HasVectorAt(text, start) && CanLoadTail(text)
            ? Lookup(LoadTail(text, start) & Vector128.LessThan(LaneIndexes, Vector128.Create((ushort)length)), text, start, length)
            : Get(text.Slice(start, length));

    /// <summary>
    /// The characters from <paramref name="start"/> to the end of <paramref name="text"/> (at least eight long, the
    /// start within its last eight) in lanes 0 and up, the lanes past the end cleared: the text's last eight
    /// characters, loaded and moved down.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ushort> LoadTail(ReadOnlySpan<char> text, int start)
    {
        int from = text.Length - VectorLength;
        var last = Vector128.LoadUnsafe(ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(text)), (nuint)(uint)from * sizeof(char));
        var indexes = ByteIndexes + Vector128.Create((byte)((start - from) * sizeof(char)));
        return (Ssse3.IsSupported
            // pshufb clears a lane whose index has its top bit set; indexes 16 and above would wrap instead.
            ? Ssse3.Shuffle(last, indexes | Vector128.GreaterThan(indexes, Vector128.Create((byte)15)))
            : AdvSimd.Arm64.VectorTableLookup(last, indexes)).AsUInt16();
    }

    /// <summary>Where the name characters starting at <paramref name="start"/> end (eight characters at a time when it can).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int EndOfName(ReadOnlySpan<char> text, int start)
    {
        if (Vector128.IsHardwareAccelerated && HasVectorAt(text, start))
        {
            uint nameLanes = NameLanes(Vector128.LoadUnsafe(ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(text)), (nuint)(uint)start));
            if (nameLanes != 0xFF)
            {
                return start + BitOperations.TrailingZeroCount(~nameLanes);
            }
        }

        return NameRules.EndOfName(text, start);
    }

    /// <summary>
    /// The string for the <paramref name="length"/> characters at <paramref name="start"/> (a name its caller has
    /// already scanned): a cached instance when there is one.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string Get(ReadOnlySpan<char> text, int start, int length)
    {
        if (Vector128.IsHardwareAccelerated && (uint)length <= VectorLength && HasVectorAt(text, start))
        {
            var chars = Vector128.LoadUnsafe(ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(text)), (nuint)(uint)start);
            return Lookup(chars & Vector128.LessThan(LaneIndexes, Vector128.Create((ushort)length)), text, start, length);
        }

        return GetOutOfLine(text, start, length);
    }

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

    // 0, 1, ..., 15: the bytes of eight characters, for moving them down by a number of characters.
    private static Vector128<byte> ByteIndexes => Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

    // 0, 1, ..., 7: lanes below a name's length are kept in its key.
    private static Vector128<ushort> LaneIndexes => Vector128.Create((ushort)0, 1, 2, 3, 4, 5, 6, 7);

    /// <summary>One bit per lane (bit i for character i): set when the character may continue a name.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint NameLanes(Vector128<ushort> chars)
    {
        // [0-9] | [A-Za-z] (one range after folding case with 0x20) | '_'; every compare is unsigned, so characters
        // below each range wrap around and fail it, and anything past ASCII fails all three.
        var digit = Vector128.LessThan(chars - Vector128.Create((ushort)'0'), Vector128.Create((ushort)10));
        var letter = Vector128.LessThan((chars | Vector128.Create((ushort)0x20)) - Vector128.Create((ushort)'a'), Vector128.Create((ushort)26));
        var underscore = Vector128.Equals(chars, Vector128.Create((ushort)'_'));
        return (digit | letter | underscore).ExtractMostSignificantBits();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static string Lookup(Vector128<ushort> key, ReadOnlySpan<char> text, int start, int length)
    {
        // Both halves of the key folded and multiplied (Fibonacci hashing), the top bits kept: every character's
        // bits reach the slot index.
        var halves = key.AsUInt64();
        ulong hash = (halves.ToScalar() ^ (halves.GetElement(1) * 0x9E3779B97F4A7C15ul)) * 0x9E3779B97F4A7C15ul;
        ref ShortName? slot = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(s_short), (nint)(hash >> (64 - SlotBits)));
        var cached = slot;
        if (cached is not null && cached.Key == key)
        {
            return cached.Name;
        }

        return CreateShort(key, text.Slice(start, length), ref slot);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string CreateShort(Vector128<ushort> key, ReadOnlySpan<char> name, ref ShortName? slot)
    {
        string created = name.ToString();
        slot = new ShortName(key, created);
        return created;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string Create(ReadOnlySpan<char> name, ref string? slot)
    {
        string created = name.ToString();
        slot = created;
        return created;
    }

    /// <summary>A cached name of at most <see cref="VectorLength"/> characters and its key; immutable, so a slot swaps whole.</summary>
    private sealed class ShortName(Vector128<ushort> key, string name)
    {
        public readonly Vector128<ushort> Key = key;

        public readonly string Name = name;
    }
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Popcorn.Query;

/// <summary>
/// Collects one selection's items while it is parsed, then hands them out as the node's child array. The first
/// <see cref="InlineCapacity"/> items live in the parsing method's own frame (a selection rarely has more), so adding
/// one is a store into the stack with no write barrier and no list to manage; a wider selection spills into a
/// list shared by the thread's parses, used as a stack (a nested selection spills above its parent and removes its
/// items before the parent adds again).
/// </summary>
/// <remarks>Both parsers' hot paths build their selections through this, so the two cost the same per item.</remarks>
internal struct SelectionItems
{
    private const int InlineCapacity = 16;

    // The spill list outlives each parse; a parse that throws leaves its items behind until Reset: the include parser
    // calls it as the exception leaves, the GraphQL-like fast path before each parse.
    [ThreadStatic]
    private static List<PropertyReference>? t_spill;

    private InlineItems _inline;
    private int _count;
    private int _spillStart;

    /// <summary>Drops what a failed parse left in this thread's spill list: before a parse, or as a failed one ends.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Reset()
    {
        var spill = t_spill;
        if (spill is not null && spill.Count != 0)
        {
            spill.Clear();
        }
    }

    /// <summary>How many items this thread's spill list holds between parses (0 unless a parse failed and was not cleaned up).</summary>
    internal static int SpilledOnThisThread => t_spill?.Count ?? 0;

    /// <summary>How many items have been added.</summary>
    public readonly int Count => _count;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(PropertyReference item)
    {
        if ((uint)_count < InlineCapacity)
        {
            // The slot is in the caller's frame, so the index is checked above and the store skips the array's own checks.
            Unsafe.Add(ref Unsafe.As<InlineItems, PropertyReference>(ref _inline), _count++) = item;
            return;
        }

        AddSpilled(item);
    }

    /// <summary>The items as a new array (the node's children); the spill list gives back what this selection used.</summary>
    public readonly PropertyReference[] ToArray()
    {
        if (_count > InlineCapacity)
        {
            return SpilledToArray();
        }

        // One store per element beats the bulk copy's fixed cost for the few items a selection holds; the array is
        // exactly PropertyReference[] (the type is sealed), so the stores need no type check either.
        var items = new PropertyReference[_count];
        ref var target = ref MemoryMarshal.GetArrayDataReference(items);
        ref readonly var source = ref Unsafe.As<InlineItems, PropertyReference>(ref Unsafe.AsRef(in _inline));
        for (int i = 0; i < items.Length; i++)
        {
            Unsafe.Add(ref target, i) = Unsafe.Add(ref Unsafe.AsRef(in source), i);
        }

        return items;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AddSpilled(PropertyReference item)
    {
        var spill = t_spill ??= new List<PropertyReference>();
        if (_count == InlineCapacity)
        {
            _spillStart = spill.Count;
            spill.AddRange((ReadOnlySpan<PropertyReference>)_inline);
        }

        spill.Add(item);
        _count++;
    }

    private readonly PropertyReference[] SpilledToArray()
    {
        var spill = t_spill!;
        var items = CollectionsMarshal.AsSpan(spill)[_spillStart..].ToArray();
        spill.RemoveRange(_spillStart, items.Length);
        return items;
    }

    [InlineArray(InlineCapacity)]
    private struct InlineItems
    {
        private PropertyReference _first;
    }
}

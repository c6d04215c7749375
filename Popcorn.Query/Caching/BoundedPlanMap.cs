using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Popcorn.Query;

/// <summary>
/// A thread-safe map from (type, text) to a plan that never holds more than its capacity: lookups are lock-free and
/// allocation-free; an insert into a full map evicts the oldest entry (first in, first out) under a lock.
/// </summary>
/// <remarks>
/// Keyed by the text alone, with the few types that share a text chained behind it. A string key lets
/// <see cref="ConcurrentDictionary{TKey,TValue}"/> hash with .NET's fast non-randomized string hash, which it
/// replaces with the randomized one by itself if a client floods one bucket; a composite (type, text) key would pay
/// the randomized hash on every lookup, several times the cost of the whole hit for a long selection.
/// </remarks>
internal sealed class BoundedPlanMap
{
    private readonly ConcurrentDictionary<string, Entry> _entries = new(StringComparer.Ordinal);
    private readonly Queue<(TypeMetadata Type, string Text)> _insertionOrder = new();
    private readonly Lock _insertLock = new();
    private readonly Action? _onEvicted;
    private int _count;

    /// <param name="capacity">Most entries held.</param>
    /// <param name="onEvicted">Called (under the insert lock) each time an entry is dropped to make room.</param>
    public BoundedPlanMap(int capacity, Action? onEvicted = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        Capacity = capacity;
        _onEvicted = onEvicted;
    }

    public int Capacity { get; }

    public int Count => Volatile.Read(ref _count);

    public bool TryGetValue(TypeMetadata type, string text, [MaybeNullWhen(false)] out SelectionPlan plan)
    {
        if (_entries.TryGetValue(text, out var entry))
        {
            do
            {
                if (ReferenceEquals(entry.Type, type))
                {
                    plan = entry.Plan;
                    return true;
                }

                entry = entry.Next;
            }
            while (entry is not null);
        }

        plan = null;
        return false;
    }

    /// <summary>Adds <paramref name="plan"/> unless another thread got there first; returns the plan that is cached.</summary>
    public SelectionPlan GetOrAdd(TypeMetadata type, string text, SelectionPlan plan)
    {
        lock (_insertLock)
        {
            if (TryGetValue(type, text, out var existing))
            {
                return existing;
            }

            while (_count >= Capacity)
            {
                Evict(_insertionOrder.Dequeue());
                _onEvicted?.Invoke();
            }

            // Entries are immutable: a reader holding the old chain still sees a consistent one.
            _entries.TryGetValue(text, out var head);
            _entries[text] = new Entry(type, plan, head);
            _insertionOrder.Enqueue((type, text));
            Volatile.Write(ref _count, _count + 1);
            return plan;
        }
    }

    public void Clear()
    {
        lock (_insertLock)
        {
            _entries.Clear();
            _insertionOrder.Clear();
            Volatile.Write(ref _count, 0);
        }
    }

    private void Evict((TypeMetadata Type, string Text) key)
    {
        if (_entries.TryGetValue(key.Text, out var head))
        {
            var rest = Without(head, key.Type);
            if (rest is null)
            {
                _entries.TryRemove(key.Text, out _);
            }
            else
            {
                _entries[key.Text] = rest;
            }
        }

        Volatile.Write(ref _count, _count - 1);
    }

    private static Entry? Without(Entry? entry, TypeMetadata type) =>
        entry is null ? null
        : ReferenceEquals(entry.Type, type) ? entry.Next
        : new Entry(entry.Type, entry.Plan, Without(entry.Next, type));

    private sealed class Entry(TypeMetadata type, SelectionPlan plan, Entry? next)
    {
        public TypeMetadata Type { get; } = type;

        public SelectionPlan Plan { get; } = plan;

        public Entry? Next { get; } = next;
    }
}

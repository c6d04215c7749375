using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Popcorn.Query;

/// <summary>
/// A thread-safe map from (key, tag) to a value that never holds more than its capacity: lookups are lock-free and
/// allocation-free; an insert into a full map evicts the oldest entry (first in, first out) under a lock. Every bounded
/// cache of Popcorn's is one of these: plans by text and by canonical form, refused selections, the gateway's
/// documents and its introspection answers.
/// </summary>
/// <remarks>
/// The key is what the dictionary hashes, usually the request's text; the tags that share a key (the model types a
/// text was compiled against, the variables a document was planned with) are chained behind it and compared in turn.
/// A string key lets <see cref="ConcurrentDictionary{TKey,TValue}"/> hash with .NET's fast non-randomized string hash,
/// which it replaces with the randomized one by itself if a client floods one bucket; a composite (type, text) key
/// would pay the randomized hash on every lookup, several times the cost of the whole hit for a long selection.
/// Tags are compared with <see cref="EqualityComparer{T}.Default"/>, member-wise for a record struct. On a hot path make
/// the tag a value type (<see cref="TypeIdentity"/> for a model type): with a reference-type tag the JIT shares one body
/// between all such maps, and the comparer becomes a run-time lookup and an interface call on every probe.
/// </remarks>
/// <typeparam name="TKey">What the dictionary hashes.</typeparam>
/// <typeparam name="TTag">What tells apart the entries that share a key.</typeparam>
/// <typeparam name="TValue">What is cached.</typeparam>
internal sealed class BoundedMap<TKey, TTag, TValue>
    where TKey : notnull
{
    private readonly ConcurrentDictionary<TKey, Entry> _entries;
    private readonly Queue<(TKey Key, TTag Tag)> _insertionOrder = new();
    private readonly Lock _insertLock = new();
    private readonly Action? _onEvicted;
    private int _count;

    /// <param name="capacity">Most entries held.</param>
    /// <param name="onEvicted">Called (under the insert lock) each time an entry is dropped to make room.</param>
    /// <param name="keyComparer">How keys compare; the default comparer when null (pass <see cref="StringComparer.Ordinal"/> for text).</param>
    public BoundedMap(int capacity, Action? onEvicted = null, IEqualityComparer<TKey>? keyComparer = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        Capacity = capacity;
        _onEvicted = onEvicted;
        _entries = new ConcurrentDictionary<TKey, Entry>(keyComparer);
    }

    public int Capacity { get; }

    public int Count => Volatile.Read(ref _count);

    /// <summary>The value cached for (<paramref name="key"/>, <paramref name="tag"/>). An empty map answers without hashing the key.</summary>
    public bool TryGetValue(TKey key, TTag tag, [MaybeNullWhen(false)] out TValue value)
    {
        if (Volatile.Read(ref _count) != 0 && _entries.TryGetValue(key, out var entry))
        {
            do
            {
                if (EqualityComparer<TTag>.Default.Equals(entry.Tag, tag))
                {
                    value = entry.Value;
                    return true;
                }

                entry = entry.Next;
            }
            while (entry is not null);
        }

        value = default;
        return false;
    }

    /// <summary>Adds <paramref name="value"/> unless another thread got there first; returns the value that is cached.</summary>
    public TValue GetOrAdd(TKey key, TTag tag, TValue value)
    {
        lock (_insertLock)
        {
            if (TryGetValue(key, tag, out var existing))
            {
                return existing;
            }

            while (_count >= Capacity)
            {
                Evict(_insertionOrder.Dequeue());
                _onEvicted?.Invoke();
            }

            // Entries are immutable: a reader holding the old chain still sees a consistent one.
            _entries.TryGetValue(key, out var head);
            _entries[key] = new Entry(tag, value, head);
            _insertionOrder.Enqueue((key, tag));
            Volatile.Write(ref _count, _count + 1);
            return value;
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

    private void Evict((TKey Key, TTag Tag) oldest)
    {
        if (_entries.TryGetValue(oldest.Key, out var head))
        {
            var rest = Without(head, oldest.Tag);
            if (rest is null)
            {
                _entries.TryRemove(oldest.Key, out _);
            }
            else
            {
                _entries[oldest.Key] = rest;
            }
        }

        Volatile.Write(ref _count, _count - 1);
    }

    private static Entry? Without(Entry? entry, TTag tag) =>
        entry is null ? null
        : EqualityComparer<TTag>.Default.Equals(entry.Tag, tag) ? entry.Next
        : new Entry(entry.Tag, entry.Value, Without(entry.Next, tag));

    private sealed class Entry(TTag tag, TValue value, Entry? next)
    {
        public TTag Tag { get; } = tag;

        public TValue Value { get; } = value;

        public Entry? Next { get; } = next;
    }
}

using System.Collections.Concurrent;

namespace Popcorn.Query;

/// <summary>
/// A thread-safe map that never holds more than its capacity: lookups are lock-free and allocation-free;
/// an insert into a full cache evicts the oldest entry (first in, first out) under a lock.
/// </summary>
internal sealed class BoundedCache<TKey, TValue>
    where TKey : notnull
{
    private readonly ConcurrentDictionary<TKey, TValue> _entries;
    private readonly Queue<TKey> _insertionOrder = new();
    private readonly Lock _insertLock = new();

    public BoundedCache(int capacity, IEqualityComparer<TKey>? comparer = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        Capacity = capacity;
        _entries = new ConcurrentDictionary<TKey, TValue>(comparer);
    }

    public int Capacity { get; }

    public int Count => _entries.Count;

    public bool TryGetValue(TKey key, out TValue value) => _entries.TryGetValue(key, out value!);

    /// <summary>Adds <paramref name="value"/> unless another thread got there first; returns the value that is cached.</summary>
    public TValue GetOrAdd(TKey key, TValue value)
    {
        lock (_insertLock)
        {
            if (_entries.TryGetValue(key, out var existing))
            {
                return existing;
            }

            while (_insertionOrder.Count >= Capacity)
            {
                _entries.TryRemove(_insertionOrder.Dequeue(), out _);
            }

            _entries[key] = value;
            _insertionOrder.Enqueue(key);
            return value;
        }
    }

    public void Clear()
    {
        lock (_insertLock)
        {
            _entries.Clear();
            _insertionOrder.Clear();
        }
    }
}

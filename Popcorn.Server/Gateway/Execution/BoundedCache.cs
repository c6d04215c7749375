using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Popcorn.Server;

/// <summary>A concurrent map that holds at most <c>capacity</c> entries: when full, the oldest entry goes first.</summary>
internal sealed class BoundedCache<TKey, TValue>(int capacity, Action onEviction)
    where TKey : notnull
{
    private readonly ConcurrentDictionary<TKey, TValue> _entries = new();
    private readonly ConcurrentQueue<TKey> _insertionOrder = new();

    public bool TryGet(TKey key, [MaybeNullWhen(false)] out TValue value) => _entries.TryGetValue(key, out value);

    public void Add(TKey key, TValue value)
    {
        if (!_entries.TryAdd(key, value))
        {
            return;
        }

        _insertionOrder.Enqueue(key);
        while (_entries.Count > capacity && _insertionOrder.TryDequeue(out var oldest))
        {
            if (_entries.TryRemove(oldest, out _))
            {
                onEviction();
            }
        }
    }
}

using System.Collections.Concurrent;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Selection texts that do not compile even with every field visible, on model types that reach protected fields, with
/// the error they got. Such a selection is compiled again for the caller's access on every request; remembering that the
/// first compile fails makes an unknown name cost what a field the caller may not see costs (whose first compile is a
/// plan cache hit), so response times do not tell the two apart. Bounded like the plan cache: the oldest entry goes
/// first, and texts longer than the longest accepted query are not kept.
/// </summary>
internal sealed class RefusedSelections(int capacity, int maxTextLength)
{
    private readonly ConcurrentDictionary<Key, PopcornQueryException> _refused = new();
    private readonly ConcurrentQueue<Key> _insertionOrder = new();

    public int Count => _refused.Count;

    public bool TryGet(SelectionPlanCache plans, TypeMetadata type, string text, out PopcornQueryException? error) =>
        _refused.TryGetValue(new Key(plans, type, text), out error);

    public void Add(SelectionPlanCache plans, TypeMetadata type, string text, PopcornQueryException error)
    {
        var key = new Key(plans, type, text);
        if (text.Length > maxTextLength || !_refused.TryAdd(key, error))
        {
            return;
        }

        _insertionOrder.Enqueue(key);
        while (_refused.Count > capacity && _insertionOrder.TryDequeue(out var oldest))
        {
            _refused.TryRemove(oldest, out _);
        }
    }

    private readonly record struct Key(SelectionPlanCache Plans, TypeMetadata Type, string Text);
}

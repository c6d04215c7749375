using System.Collections.Concurrent;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Selection texts that do not compile even with every field visible, on model types that reach protected fields, with
/// the error they got. Such a selection is compiled again for the caller's access on every request; remembering that the
/// first compile fails makes an unknown name cost what a field the caller may not see costs (whose first compile is a
/// plan cache hit), so response times do not tell the two apart. Bounded like the plan cache: the oldest text goes
/// first, and texts longer than the longest accepted query are not kept.
/// </summary>
/// <remarks>
/// Keyed by the text alone, as the plan cache is (a string key hashes with .NET's fast non-randomized hash; a composite
/// key would hash the text with the randomized one on every lookup), the few caches and types that share a text chained
/// behind it. Empty, a lookup is one read of a counter, so apps whose clients make no mistakes pay nothing.
/// </remarks>
internal sealed class RefusedSelections(int capacity, int maxTextLength)
{
    private readonly ConcurrentDictionary<string, Refusal> _byText = new(StringComparer.Ordinal);
    private readonly ConcurrentQueue<string> _insertionOrder = new();
    private int _count;

    public bool TryGet(SelectionPlanCache plans, TypeMetadata type, string text, out PopcornQueryException? error)
    {
        if (Volatile.Read(ref _count) != 0 && _byText.TryGetValue(text, out var refusal))
        {
            for (var current = refusal; current is not null; current = current.Next)
            {
                if (ReferenceEquals(current.Plans, plans) && ReferenceEquals(current.Type, type))
                {
                    error = current.Error;
                    return true;
                }
            }
        }

        error = null;
        return false;
    }

    public void Add(SelectionPlanCache plans, TypeMetadata type, string text, PopcornQueryException error)
    {
        if (text.Length > maxTextLength)
        {
            return;
        }

        bool added = false;
        _byText.AddOrUpdate(
            text,
            _ =>
            {
                added = true;
                return new Refusal(plans, type, error, null);
            },
            (_, existing) => new Refusal(plans, type, error, existing));
        if (!added)
        {
            return;
        }

        _insertionOrder.Enqueue(text);
        Interlocked.Increment(ref _count);
        while (Volatile.Read(ref _count) > capacity && _insertionOrder.TryDequeue(out var oldest))
        {
            if (_byText.TryRemove(oldest, out _))
            {
                Interlocked.Decrement(ref _count);
            }
        }
    }

    private sealed record Refusal(SelectionPlanCache Plans, TypeMetadata Type, PopcornQueryException Error, Refusal? Next);
}

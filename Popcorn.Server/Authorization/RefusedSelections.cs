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
    private readonly BoundedMap<string, (SelectionPlanCache Plans, TypeMetadata Type), PopcornQueryException> _byText = new(capacity, keyComparer: StringComparer.Ordinal);

    public bool TryGet(SelectionPlanCache plans, TypeMetadata type, string text, out PopcornQueryException? error) =>
        _byText.TryGetValue(text, (plans, type), out error);

    public void Add(SelectionPlanCache plans, TypeMetadata type, string text, PopcornQueryException error)
    {
        if (text.Length <= maxTextLength)
        {
            _byText.GetOrAdd(text, (plans, type), error);
        }
    }
}

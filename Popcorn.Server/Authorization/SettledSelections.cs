using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What a selection text came to on a model type that reaches protected fields, per plan cache (the one for callers
/// who see everything, and one per set of refused policies): its plan, or the error it got. A caller refused a policy
/// then settles a known text with exactly the same work whether it names a hidden field or no field at all: one lookup
/// here for everything visible (a plan for the hidden name, an error for the unknown one), the same policies decided,
/// one lookup here for the caller's access (an error for both), and no exception thrown; so neither the time nor the
/// instructions spent tell the two apart (docs/authorization.md, "Measured"). Bounded like the plan cache: the oldest
/// text goes first, and texts longer than the longest accepted query are not kept.
/// </summary>
/// <remarks>
/// Plans and errors share one map on purpose: two maps would make a hidden name (a hit in one) and an unknown one (a
/// miss there, a hit in the other) cost different lookups. Keyed by the text alone, as the plan cache is (a string key
/// hashes with .NET's fast non-randomized hash; a composite key would hash the text with the randomized one on every
/// lookup), the few caches and types that share a text chained behind it. Types that reach no protected field never
/// come here.
/// </remarks>
internal sealed class SettledSelections(int capacity, int maxTextLength)
{
    private readonly BoundedMap<string, (SelectionPlanCache Plans, TypeMetadata Type), PlanOutcome> _byText = new(capacity, keyComparer: StringComparer.Ordinal);

    public bool TryGet(SelectionPlanCache plans, TypeMetadata type, string text, out PlanOutcome outcome) =>
        _byText.TryGetValue(text, (plans, type), out outcome);

    public void Add(SelectionPlanCache plans, TypeMetadata type, string text, PlanOutcome outcome)
    {
        if (text.Length <= maxTextLength)
        {
            _byText.GetOrAdd(text, (plans, type), outcome);
        }
    }
}

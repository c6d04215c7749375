namespace Popcorn.Query;

public sealed partial class SelectionPlan
{
    // 0 unknown, 1 no, 2 yes: worked out on first use and kept, since plans are cached and immutable.
    private int _resolvesInBatches;

    /// <summary>
    /// Whether this plan, its child plans or its derived types' plans write a <c>[BatchResolved]</c> field
    /// (<see cref="FieldMetadata.Batch"/>): the host must then resolve those fields before writing, and a query source
    /// must give their resolvers rows they can find by key. Computed once.
    /// </summary>
    public bool ResolvesInBatches
    {
        get
        {
            if (_resolvesInBatches == 0)
            {
                _resolvesInBatches = FindsBatchField(this, new HashSet<SelectionPlan>(ReferenceEqualityComparer.Instance)) ? 2 : 1;
            }

            return _resolvesInBatches == 2;
        }
    }

    /// <summary>Whether <paramref name="plan"/> or a plan under it writes a batch field; <paramref name="seen"/> stops at cycles (deep wildcards).</summary>
    internal static bool FindsBatchField(SelectionPlan plan, HashSet<SelectionPlan> seen)
    {
        if (!seen.Add(plan))
        {
            return false;
        }

        foreach (var planned in plan._fields)
        {
            if (planned.Aggregate is null && (planned.Field?.Batch is not null || (planned.Child is { } child && FindsBatchField(child, seen))))
            {
                return true;
            }
        }

        foreach (var derived in plan._derivedPlans)
        {
            if (FindsBatchField(derived, seen))
            {
                return true;
            }
        }

        return false;
    }
}

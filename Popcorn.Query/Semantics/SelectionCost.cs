namespace Popcorn.Query;

/// <summary>
/// Estimates how much a plan makes the server write, before anything runs: one unit per key written, a child's cost
/// once per object and <c>listSize</c> times per list or map (a scalar list counts its values; a list with
/// <c>first: n</c> below that, <c>n</c> times: it cannot hold more), aliases and wildcards
/// as they expanded. A cycle of the deep wildcard (a type reached again on its own path) counts that type's keys once
/// more and stops: the data, not the plan, ends a cycle. An estimate, not a bound: its job is to tell "an ordinary
/// selection" from "hundreds of aliases of the whole graph" (docs/errors.md, "Cost").
/// </summary>
public static class SelectionCost
{
    /// <summary>How many elements a list is assumed to hold when nothing says otherwise.</summary>
    public const int DefaultAssumedListSize = 10;

    /// <summary>Estimates stop counting here: anything this large is over every sensible limit.</summary>
    public const long Saturated = long.MaxValue / 4;

    // A plan graph is small, but a walk by path can meet the same plans many times; past this many steps the
    // estimate is Saturated rather than exact (no realistic selection comes near).
    private const int MaxSteps = 200_000;

    /// <summary>The estimated cost of writing one value with <paramref name="plan"/>.</summary>
    public static long Estimate(SelectionPlan plan, int assumedListSize = DefaultAssumedListSize)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentOutOfRangeException.ThrowIfNegative(assumedListSize);
        return plan.CachedCost(assumedListSize) ?? plan.CacheCost(assumedListSize, new Walk(assumedListSize).Cost(plan));
    }

    /// <summary><paramref name="count"/> times <paramref name="cost"/>, saturating instead of overflowing.</summary>
    public static long Times(long cost, long count) =>
        count == 0 ? 0 : cost > Saturated / count ? Saturated : cost * count;

    /// <summary>The sum, saturating instead of overflowing.</summary>
    public static long Plus(long a, long b) => a > Saturated - b ? Saturated : a + b;

    private sealed class Walk(int listSize)
    {
        private readonly HashSet<SelectionPlan> _onPath = new(ReferenceEqualityComparer.Instance);
        private int _steps;

        public long Cost(SelectionPlan plan)
        {
            if (++_steps > MaxSteps)
            {
                return Saturated;
            }

            if (!_onPath.Add(plan))
            {
                return plan.Count; // the type again on its own path: one more level of keys
            }

            long total = 0;
            foreach (var field in plan.Fields)
            {
                total = Plus(total, 1 + FieldValueCost(field));
            }

            // A value of a polymorphic base is written with one of its types' plans: count the dearest.
            foreach (var derived in plan.DerivedPlans)
            {
                if (!ReferenceEquals(derived, plan))
                {
                    total = Math.Max(total, Cost(derived));
                }
            }

            _onPath.Remove(plan);
            return total;
        }

        /// <summary>
        /// The keys of an aggregate object: each measure's own and one per field it writes. A <c>groups</c> list counts as
        /// a list of models would, <c>AssumedListSize</c> groups of its measures' keys: one group per element at worst.
        /// </summary>
        private long MeasureKeys(IReadOnlyList<AggregateMeasure> measures)
        {
            long keys = 0;
            foreach (var measure in measures)
            {
                keys += 1 + measure.Operands.Count;
                if (measure.Groups is { } groups)
                {
                    keys += Times(MeasureKeys(groups.Measures), listSize);
                }
            }

            return keys;
        }

        private long FieldValueCost(PlannedField field)
        {
            if (field.Aggregate is { } aggregate)
            {
                // One object of numbers, however long the list: its keys, like an object field's (a sum[total,quantity]
                // object counts its own key and each of its keys).
                return MeasureKeys(aggregate.Measures);
            }

            bool many = field.Field?.Kind is FieldKind.List or FieldKind.Map;
            int size = field.Arguments?.First is { } first ? Math.Min(first, listSize) : listSize;
            if (field.Child is null)
            {
                return many ? size : 0;
            }

            long child = Cost(field.Child);
            return many ? Times(child, size) : child;
        }
    }
}

using System.Runtime.CompilerServices;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What a plan's joins add to its estimated cost (<see cref="SelectionCost"/> counts only what is written): per parent,
/// a joined field's service is asked for the field's selection and its target key, and the parent's own service for
/// the join key, so a joined field costs its selection's estimate plus 2, plus what the joins under it add; multiplied
/// by the lists above it, as a nested list's elements are (a level's call returns at most one object per parent).
/// Added to the written cost by the REST resources and <c>/graphql</c> before any service is called
/// (docs/gateway.md, "Cost"). Cached per plan, as the written cost is.
/// </summary>
internal static class JoinCost
{
    // One entry per plan and assumed list size (the option is fixed for an app's life, so one size per plan in practice).
    private static readonly ConditionalWeakTable<SelectionPlan, StrongBox<(int Size, long Cost)>> s_byPlan = new();

    /// <summary>
    /// The joins' cost of writing with <paramref name="plan"/>, a root list's counted as <see cref="SelectionBudget.CostOf"/>
    /// counts its values; 0 when the gateway has no joins.
    /// </summary>
    public static long Of(SelectionPlan plan, bool isSequence, UpstreamCatalog catalog, PopcornOptions options)
    {
        if (!catalog.HasJoins)
        {
            return 0;
        }

        int size = options.AssumedListSize;
        if (!s_byPlan.TryGetValue(plan, out var known) || known.Value.Size != size)
        {
            known = new StrongBox<(int, long)>((size, new Walk(catalog, size).Cost(plan)));
            s_byPlan.AddOrUpdate(plan, known);
        }

        long one = known.Value.Cost;
        return isSequence ? SelectionCost.Times(one, SelectionBudget.RootValues(plan, options)) : one;
    }

    private sealed class Walk(UpstreamCatalog catalog, int listSize)
    {
        private readonly HashSet<SelectionPlan> _onPath = new(ReferenceEqualityComparer.Instance);

        public long Cost(SelectionPlan plan)
        {
            // A plan met again on its own path (the deep wildcard over a cycle): its joins were counted once already.
            if (!_onPath.Add(plan))
            {
                return 0;
            }

            long total = 0;
            foreach (var field in plan.Fields)
            {
                if (field.Child is not { } child)
                {
                    continue;
                }

                long each = Cost(child);
                if (field.Field is { } metadata && catalog.JoinOf(metadata) is not null)
                {
                    each = SelectionCost.Plus(each, SelectionCost.Plus(SelectionCost.Estimate(child, listSize), 2));
                }

                bool many = field.Field?.Kind is FieldKind.List or FieldKind.Map;
                int size = field.Arguments?.First is { } first ? Math.Min(first, listSize) : listSize;
                total = SelectionCost.Plus(total, many ? SelectionCost.Times(each, size) : each);
            }

            _onPath.Remove(plan);
            return total;
        }
    }
}

using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>A compiled plan, or the (logged) reason the selection does not fit.</summary>
internal readonly record struct PlanOutcome(SelectionPlan? Plan, PopcornQueryException? Error)
{
    public static PlanOutcome Compiled(SelectionPlan plan) => new(plan, null);

    public static PlanOutcome Failed(PopcornQueryException error) => new(null, error);
}

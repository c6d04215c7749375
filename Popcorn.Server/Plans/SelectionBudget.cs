using System.Globalization;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The cost check, before any handler or resolver runs: a plan's estimated cost (<see cref="SelectionCost"/>, cached
/// on the plan) against the endpoint's limit (<see cref="PopcornCostLimitAttribute"/>, else
/// <see cref="PopcornOptions.MaxSelectionCost"/>). A sequence counts <see cref="PopcornOptions.AssumedListSize"/>
/// values, a root list with <c>first</c> at most that many.
/// </summary>
internal static class SelectionBudget
{
    public static int LimitFor(Endpoint? endpoint, PopcornOptions options) =>
        endpoint?.Metadata.GetMetadata<PopcornCostLimitAttribute>()?.MaxCost ?? options.MaxSelectionCost;

    public static long CostOf(SelectionPlan plan, bool isSequence, PopcornOptions options)
    {
        long one = SelectionCost.Estimate(plan, options.AssumedListSize);
        return isSequence ? SelectionCost.Times(one, RootValues(plan, options)) : one;
    }

    /// <summary>How many values a root list is counted as: at most <c>first</c>, as a nested list.</summary>
    public static int RootValues(SelectionPlan plan, PopcornOptions options) =>
        plan.Arguments?.First is { } first ? Math.Min(first, options.AssumedListSize) : options.AssumedListSize;

    /// <summary>Null when <paramref name="cost"/> is within <paramref name="limit"/>, else the error to answer with.</summary>
    public static PopcornQueryException? Check(long cost, int limit, SourceLocation location) =>
        cost <= limit
            ? null
            : new PopcornQueryException(
                QueryErrorKind.LimitExceeded,
                string.Create(CultureInfo.InvariantCulture, $"The selection's estimated cost is {cost:N0}, over the limit of {limit:N0}: select fewer fields or aliases, or no deep wildcard inside lists."),
                location,
                string.Empty);

    /// <summary>The error for root arguments (<c>(first: 10)[...]</c>) on a resource that is one object, not a list.</summary>
    public static PopcornQueryException RootArgumentsOnObject(SelectionPlan plan, ResultShape shape, string? query) =>
        new(
            QueryErrorKind.InvalidSelection,
            $"This resource is one '{shape.Metadata.Name}', not a list: it takes no first, skip, orderBy or where before its selection.",
            plan.ArgumentsLocation,
            PopcornQueryException.ExcerptAround(query, plan.ArgumentsLocation.Offset));

    /// <summary>Where a REST selection's cost error points: the start of the text.</summary>
    public static SourceLocation Start => new(0, 1, 1);
}

namespace Popcorn.Server;

/// <summary>
/// This endpoint's limit on a selection's estimated cost, instead of <see cref="PopcornOptions.MaxSelectionCost"/>:
/// put it on an MVC controller or action, or use <c>.WithPopcornCostLimit(n)</c> on a Minimal API endpoint or group.
/// For an endpoint whose data is small and fixed (a raise) or whose every row is expensive (a cut).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, Inherited = true)]
public sealed class PopcornCostLimitAttribute : Attribute
{
    /// <summary>Sets the limit.</summary>
    /// <param name="maxCost">The largest estimated cost accepted; at least 1.</param>
    public PopcornCostLimitAttribute(int maxCost)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxCost, 1);
        MaxCost = maxCost;
    }

    /// <summary>The largest estimated cost accepted.</summary>
    public int MaxCost { get; }
}

using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The depots service's model, keyed by a string code.</summary>
public sealed class Depot
{
    [Filterable]
    public string Code { get; init; } = string.Empty;

    public string Name { get; init; } = string.Empty;
}

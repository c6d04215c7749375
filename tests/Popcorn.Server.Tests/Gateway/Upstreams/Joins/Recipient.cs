using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The recipients service's model: it knows its depot only by <see cref="DepotCode"/> (a string key).</summary>
public sealed class Recipient
{
    [Filterable]
    public int Id { get; init; }

    public string Name { get; init; } = string.Empty;

    public string DepotCode { get; init; } = string.Empty;
}

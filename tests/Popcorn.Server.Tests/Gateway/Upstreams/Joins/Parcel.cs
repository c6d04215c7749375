using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The parcels service's model: it knows its recipient only by <see cref="RecipientId"/>.</summary>
public sealed class Parcel
{
    [Filterable]
    public int Id { get; init; }

    /// <summary>Filterable, so a recipient's parcels can be joined to it (<c>JoinMany</c>).</summary>
    [Filterable]
    public int? RecipientId { get; init; }

    public int Weight { get; init; }

    public string Label { get; init; } = string.Empty;
}

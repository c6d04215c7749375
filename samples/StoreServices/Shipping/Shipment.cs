namespace Popcorn.StoreServices.Shipping;

/// <summary>A parcel on its way to the customer who placed an order.</summary>
public sealed record Shipment
{
    public required int Id { get; init; }

    /// <summary>The order it carries, by the orders service's id.</summary>
    public required int OrderId { get; init; }

    public required string Carrier { get; init; }

    public required string TrackingCode { get; init; }

    public required bool Delivered { get; init; }

    public required Address Destination { get; init; }

    /// <summary>What happened to it so far, oldest first.</summary>
    public required IReadOnlyList<TrackingEvent> Events { get; init; }

    /// <summary>The parcel's weight when the carrier weighed it; null before.</summary>
    public double? WeightKg { get; init; }
}

/// <summary>Where a parcel goes.</summary>
public sealed record Address(string City, string Postcode);

/// <summary>One scan of a parcel by its carrier.</summary>
public sealed record TrackingEvent(DateTimeOffset At, string Note);

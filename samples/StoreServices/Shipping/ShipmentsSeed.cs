namespace Popcorn.StoreServices.Shipping;

/// <summary>
/// The shipping service's data, the same on every machine and every start: one shipment for each order of the orders
/// service (ids 1 to 40) but every fourth, which has not shipped yet.
/// </summary>
public static class ShipmentsSeed
{
    private static readonly string[] s_carriers = ["Posten", "Bring", "DHL"];
    private static readonly (string City, string Postcode)[] s_places = [("Oslo", "0150"), ("Bergen", "5003"), ("Trondheim", "7010"), ("Stavanger", "4006")];

    public static IReadOnlyList<Shipment> All { get; } = Enumerable.Range(1, 40).Where(order => order % 4 != 0).Select(Make).ToArray();

    private static Shipment Make(int order)
    {
        var shipped = new DateTimeOffset(2026, 1, 5, 9, 0, 0, TimeSpan.Zero).AddHours(order * 7);
        bool delivered = order % 3 == 0;
        var place = s_places[order % s_places.Length];
        TrackingEvent[] events = delivered
            ? [new(shipped, "picked up"), new(shipped.AddHours(20), "in transit"), new(shipped.AddHours(30), "delivered")]
            : [new(shipped, "picked up")];
        return new Shipment
        {
            Id = 1000 + order,
            OrderId = order,
            Carrier = s_carriers[order % s_carriers.Length],
            TrackingCode = $"PK-{order:0000}",
            Delivered = delivered,
            Destination = new Address(place.City, place.Postcode),
            Events = events,
            WeightKg = order % 5 == 0 ? null : 0.5 + order % 7,
        };
    }
}

namespace Popcorn.Bench.Data.Dto;

/// <summary>
/// The hand-written side of the filtered comparison: <c>[id,placedAt,customer[name]]</c> of the orders
/// <see cref="FilteredOrders"/> keeps, as an EF <c>Select</c> into these types, in the order Popcorn writes them.
/// </summary>
public sealed class FilteredOrderDto
{
    public int Id { get; init; }

    public DateTime PlacedAt { get; init; }

    public CustomerNameDto Customer { get; init; } = null!;
}

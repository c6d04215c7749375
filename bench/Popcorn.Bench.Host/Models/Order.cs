namespace Popcorn.Bench.Host.Models;

/// <summary>A customer order: the acyclic payload of the fair baseline (no property leads back to an order).</summary>
public sealed class Order
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Number { get; init; }

    [Default]
    public DateTimeOffset PlacedAt { get; init; }

    [Default]
    public required string Status { get; init; }

    public required Customer Customer { get; init; }

    public required List<OrderLine> Lines { get; init; }

    [Default]
    public decimal Total { get; init; }

    public string? Notes { get; init; }
}

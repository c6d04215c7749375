namespace Popcorn.Bench.Host.Models;

/// <summary>One product on an order.</summary>
public sealed class OrderLine
{
    [Default]
    public required string Sku { get; init; }

    public required string Description { get; init; }

    [Default]
    public int Quantity { get; init; }

    public decimal UnitPrice { get; init; }
}

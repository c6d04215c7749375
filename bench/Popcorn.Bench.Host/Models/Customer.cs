namespace Popcorn.Bench.Host.Models;

/// <summary>Who placed an order; shared by many orders, but holds no reference back to them.</summary>
public sealed class Customer
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Name { get; init; }

    public required string Email { get; init; }

    public required string Country { get; init; }

    public bool IsBusiness { get; init; }
}

namespace Popcorn.Generator.Tests.Models;

/// <summary>An acyclic nested model with lists, for allocation and speed checks.</summary>
public class Order
{
    public int Id { get; set; }

    public string Reference { get; set; } = string.Empty;

    public DateTime PlacedAt { get; set; }

    public Address? ShipTo { get; set; }

    public List<OrderLine> Lines { get; set; } = new();

    public OrderLine[] Extras { get; set; } = [];
}

public class OrderLine
{
    public string Sku { get; set; } = string.Empty;

    public int Quantity { get; set; }

    public decimal Price { get; set; }

    public bool Gift { get; set; }
}

namespace Popcorn.Generator.Tests.Models;

/// <summary>An acyclic nested model with lists, for allocation and speed checks.</summary>
public class Order
{
    [Sortable]
    [Filterable]
    public int Id { get; set; }

    public string Reference { get; set; } = string.Empty;

    [Sortable]
    [Filterable]
    public DateTime PlacedAt { get; set; }

    [Filterable]
    public Address? ShipTo { get; set; }

    [Filterable]
    public List<OrderLine> Lines { get; set; } = new();

    public OrderLine[] Extras { get; set; } = [];
}

public class OrderLine
{
    [Sortable]
    [Filterable]
    public string Sku { get; set; } = string.Empty;

    [Sortable]
    [Filterable]
    public int Quantity { get; set; }

    [Sortable]
    [Filterable]
    public decimal Price { get; set; }

    [Filterable]
    public bool Gift { get; set; }
}

namespace Popcorn.StoreServices.Orders;

/// <summary>An order, as the orders service keeps it: who placed it is only a customer number of the customers service.</summary>
public class Order
{
    /// <summary>The order number; in every response.</summary>
    [Always]
    [Sortable, Filterable]
    public int Id { get; set; }

    /// <summary>The customer who placed it: a key of the customers service.</summary>
    [Default]
    [Sortable, Filterable]
    public int CustomerId { get; set; }

    /// <summary>When the order was placed (UTC).</summary>
    [Default]
    [Sortable, Filterable]
    public DateTimeOffset PlacedAt { get; set; }

    /// <summary>Where the order is: <c>open</c>, <c>shipped</c> or <c>delivered</c>.</summary>
    [Default]
    [Sortable, Filterable]
    public string Status { get; set; } = "";

    /// <summary>The sum of the lines' prices.</summary>
    [Sortable, Filterable]
    public decimal Total { get; set; }

    /// <summary>What was ordered.</summary>
    public List<OrderLine> Lines { get; set; } = [];
}

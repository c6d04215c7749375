using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>One line of an order: a product, a quantity and the price paid.</summary>
public class OrderLine
{
    /// <summary>The line number; in every response.</summary>
    [Always]
    [Sortable, Filterable]
    public int Id { get; set; }

    /// <summary>How many were ordered.</summary>
    [Default]
    [Sortable, Filterable]
    public int Quantity { get; set; }

    /// <summary>The price of one, when ordered.</summary>
    public decimal UnitPrice { get; set; }

    /// <summary>The foreign key to the order; not part of the API.</summary>
    [JsonIgnore]
    public int OrderId { get; set; }

    /// <summary>The foreign key behind <see cref="Product"/>; not part of the API.</summary>
    [JsonIgnore]
    public int ProductId { get; set; }

    /// <summary>What was ordered.</summary>
    public Product Product { get; set; } = null!;
}

using System.Text.Json.Serialization;

namespace Popcorn.StoreServices.Orders;

/// <summary>One line of an order.</summary>
public class OrderLine
{
    /// <summary>The line's number; in every response.</summary>
    [Always]
    public int Id { get; set; }

    /// <summary>The order the line belongs to; not part of the API.</summary>
    [JsonIgnore]
    public int OrderId { get; set; }

    /// <summary>The product's stock-keeping unit.</summary>
    [Default]
    public string Sku { get; set; } = "";

    /// <summary>How many were ordered.</summary>
    [Default]
    public int Quantity { get; set; }

    /// <summary>The price of one, when the order was placed.</summary>
    public decimal UnitPrice { get; set; }
}

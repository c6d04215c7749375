using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>One line of an order: a product and a quantity.</summary>
public class OrderLine
{
    [Always, Sortable, Filterable] public int Id { get; set; }

    [Default, Sortable, Filterable] public int Quantity { get; set; }

    public decimal UnitPrice { get; set; }

    /// <summary>How many of the quantity wait for stock; null when nobody checked. A nullable integer, which measures skip.</summary>
    [Sortable] public int? Backordered { get; set; }

    [JsonIgnore] public int OrderId { get; set; }

    [JsonIgnore] public int ProductId { get; set; }

    [Filterable] public Product Product { get; set; } = null!;
}

using System.Text.Json.Serialization;

namespace Popcorn.Bench.Data.Store;

/// <summary>One line of an order.</summary>
public class OrderLine
{
    public int Id { get; set; }

    [JsonIgnore] public int OrderId { get; set; }

    [JsonIgnore] public int ProductId { get; set; }

    [Filterable, Sortable] public int Quantity { get; set; }

    public decimal UnitPrice { get; set; }

    public decimal Discount { get; set; }

    public Product Product { get; set; } = null!;
}

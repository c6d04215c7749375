using System.Text.Json.Serialization;

namespace Popcorn.Bench.Data.Store;

/// <summary>An order: many-to-one to its customer, one-to-many to its lines. No back references, so plain System.Text.Json writes it.</summary>
public class Order
{
    public int Id { get; set; }

    public string Number { get; set; } = "";

    public DateTime PlacedAt { get; set; }

    public string Status { get; set; } = "";

    public string Currency { get; set; } = "";

    public decimal Total { get; set; }

    public string ShippingAddress { get; set; } = "";

    public string BillingAddress { get; set; } = "";

    public string? Note { get; set; }

    [JsonIgnore] public int CustomerId { get; set; }

    [Filterable] public Customer Customer { get; set; } = null!;

    [Filterable] public List<OrderLine> Lines { get; set; } = [];
}

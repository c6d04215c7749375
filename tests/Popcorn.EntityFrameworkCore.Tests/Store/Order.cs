using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>An order: many-to-one to its customer, one-to-many to its lines.</summary>
public class Order
{
    [Always] public int Id { get; set; }

    [Default] public DateTime PlacedAt { get; set; }

    [Default] public string Status { get; set; } = "";

    public string? Note { get; set; }

    [Never, JsonIgnore] public string InternalNote { get; set; } = "";

    [JsonIgnore] public int CustomerId { get; set; }

    public Customer Customer { get; set; } = null!;

    public List<OrderLine> Lines { get; set; } = [];
}

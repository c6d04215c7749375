using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>An order: many-to-one to its customer, one-to-many to its lines.</summary>
public class Order
{
    [Always, Sortable, Filterable] public int Id { get; set; }

    [Default, Sortable, Filterable] public DateTime PlacedAt { get; set; }

    [Default, Sortable, Filterable] public string Status { get; set; } = "";

    [Sortable, Filterable] public string? Note { get; set; }

    [Never, JsonIgnore, Sortable, Filterable] public string InternalNote { get; set; } = "";

    [JsonIgnore] public int CustomerId { get; set; }

    [Filterable] public Customer Customer { get; set; } = null!;

    [Filterable] public List<OrderLine> Lines { get; set; } = [];
}

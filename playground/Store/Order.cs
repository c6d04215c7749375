using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>An order placed in the store (database-backed sample).</summary>
public class Order
{
    /// <summary>The order number; in every response.</summary>
    [Always]
    [Sortable, Filterable]
    public int Id { get; set; }

    /// <summary>When the order was placed (UTC).</summary>
    [Default]
    [Sortable, Filterable]
    public DateTime PlacedAt { get; set; }

    /// <summary>Where the order is in its life.</summary>
    [Default]
    [Sortable, Filterable]
    public OrderStatus Status { get; set; }

    /// <summary>The customer's note, if any.</summary>
    [Sortable, Filterable]
    public string? Note { get; set; }

    /// <summary>Staff-only remarks: never read from the database for a response.</summary>
    [Never, JsonIgnore]
    public string InternalNote { get; set; } = "";

    /// <summary>The foreign key behind <see cref="Customer"/>; not part of the API.</summary>
    [JsonIgnore]
    public int CustomerId { get; set; }

    /// <summary>Who placed the order.</summary>
    [Filterable]
    public Customer Customer { get; set; } = null!;

    /// <summary>What was ordered.</summary>
    [Filterable]
    public List<OrderLine> Lines { get; set; } = [];
}

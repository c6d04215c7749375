using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>A store customer (database-backed sample).</summary>
public class Customer
{
    /// <summary>The customer number; in every response.</summary>
    [Always]
    [Sortable, Filterable]
    public int Id { get; set; }

    /// <summary>Full name.</summary>
    [Default]
    [Sortable, Filterable]
    public string Name { get; set; } = "";

    /// <summary>Contact address.</summary>
    public string Email { get; set; } = "";

    /// <summary>Home city.</summary>
    [Default]
    [Sortable, Filterable]
    public string City { get; set; } = "";

    /// <summary>How much the customer may owe; only callers with the sales role see it (docs/authorization.md).</summary>
    [PopcornAuthorize(StoreAuthorization.SalesPolicy)]
    public decimal CreditLimit { get; set; }

    /// <summary>Never leaves the database: no selection reads or reveals it.</summary>
    [Never, JsonIgnore]
    public string PasswordHash { get; set; } = "";

    /// <summary>The foreign key behind <see cref="ReferredBy"/>; not part of the API.</summary>
    [JsonIgnore]
    public int? ReferredById { get; set; }

    /// <summary>The customer who referred this one; null for walk-ins.</summary>
    [Filterable]
    public Customer? ReferredBy { get; set; }

    /// <summary>Everything the customer ordered.</summary>
    [Filterable]
    public List<Order> Orders { get; set; } = [];
}

using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>A customer; may have been referred by another (the self reference).</summary>
public class Customer
{
    [Always] public int Id { get; set; }

    [Default, Sortable, Filterable] public string Name { get; set; } = "";

    [Filterable] public string Email { get; set; } = "";

    [Never, JsonIgnore] public string PasswordHash { get; set; } = "";

    [JsonIgnore] public int? ReferredById { get; set; }

    [Filterable] public Customer? ReferredBy { get; set; }

    [Filterable] public List<Order> Orders { get; set; } = [];
}

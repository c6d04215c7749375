using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>A product; its cost is [Never].</summary>
public class Product
{
    [Always] public int Id { get; set; }

    [Default, Filterable] public string Sku { get; set; } = "";

    [Default] public string Name { get; set; } = "";

    public decimal Price { get; set; }

    [Never, JsonIgnore] public decimal Cost { get; set; }
}

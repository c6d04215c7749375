using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>Something the store sells (database-backed sample).</summary>
public class Product
{
    /// <summary>The product number; in every response.</summary>
    [Always]
    public int Id { get; set; }

    /// <summary>Stock-keeping unit.</summary>
    [Default]
    public string Sku { get; set; } = "";

    /// <summary>What it is called.</summary>
    [Default]
    public string Name { get; set; } = "";

    /// <summary>The current price.</summary>
    public decimal Price { get; set; }

    /// <summary>What the store paid: never read from the database for a response.</summary>
    [Never, JsonIgnore]
    public decimal Cost { get; set; }
}

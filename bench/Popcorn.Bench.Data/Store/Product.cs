namespace Popcorn.Bench.Data.Store;

/// <summary>A product of the catalogue.</summary>
public class Product
{
    public int Id { get; set; }

    public string Sku { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public decimal Price { get; set; }

    public int Stock { get; set; }
}

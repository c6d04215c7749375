namespace Popcorn.Bench.Data.Store;

/// <summary>A customer, as wide as a real one: the narrow selection reads its name only.</summary>
public class Customer
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string Email { get; set; } = "";

    public string Phone { get; set; } = "";

    public string Address { get; set; } = "";

    [Filterable] public string City { get; set; } = "";

    public string Country { get; set; } = "";

    public DateTime CreatedAt { get; set; }

    public string? Notes { get; set; }
}

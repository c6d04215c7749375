namespace Popcorn.StoreServices.Customers;

/// <summary>A customer of the store, as the customers service keeps it.</summary>
public class Customer
{
    /// <summary>The customer number, the key other services refer to; in every response.</summary>
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
}

namespace Popcorn.StoreServices.Customers;

/// <summary>
/// The service's data, the same on every machine: customer <c>n</c> is <c>Names[n-1]</c> in <c>Cities[n % 4]</c>. The
/// orders service's seed refers to these ids (1 to <see cref="Count"/>).
/// </summary>
internal static class CustomersSeed
{
    public const int Count = 12;

    private static readonly string[] s_names =
    [
        "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
        "Frances Allen", "Tony Hoare", "Margaret Hamilton", "John Backus", "Radia Perlman", "Niklaus Wirth",
    ];

    private static readonly string[] s_cities = ["Lisbon", "Oslo", "Quito", "Kyoto"];

    public static void Fill(CustomersDbContext db)
    {
        for (int id = 1; id <= Count; id++)
        {
            string name = s_names[id - 1];
            db.Customers.Add(new Customer
            {
                Id = id,
                Name = name,
                Email = name.Split(' ')[0].ToLowerInvariant() + "@customers.example",
                City = s_cities[id % s_cities.Length],
            });
        }
    }
}

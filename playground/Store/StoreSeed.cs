namespace Popcorn.Playground.Store;

/// <summary>
/// The store's data: the same 12 products, 40 customers and 200 orders on every start (a fixed seed), with
/// referrals only to earlier customers.
/// </summary>
internal static class StoreSeed
{
    private static readonly string[] s_cities = ["Lisbon", "Oslo", "Turin", "Ghent", "Kraków", "Porto", "Lyon", "Bergen"];
    private static readonly string[] s_products =
    [
        "Espresso beans", "Pour-over kettle", "Burr grinder", "Milk jug", "Ceramic cup", "Travel mug",
        "Paper filters", "Scale", "Tamper", "Cleaning tablets", "Cold brew jar", "Gift card",
    ];

    public static void Fill(StoreDbContext db)
    {
        var random = new Random(2026);
        var products = s_products.Select((name, i) => new Product
        {
            Id = i + 1,
            Sku = $"CF-{i + 1:000}",
            Name = name,
            Price = random.Next(300, 12_000) / 100m,
            Cost = random.Next(100, 3_000) / 100m,
        }).ToList();
        var customers = Enumerable.Range(1, 40).Select(i => new Customer
        {
            Id = i,
            Name = $"Customer {i}",
            Email = $"customer{i}@store.example",
            City = s_cities[random.Next(s_cities.Length)],
            CreditLimit = 500m * (1 + (i % 8)), // not drawn from `random`, so the rest of the seed stays as it was
            PasswordHash = Convert.ToHexString(BitConverter.GetBytes(random.NextInt64())),
            ReferredById = i > 1 && random.Next(3) == 0 ? random.Next(1, i) : null,
        }).ToList();

        var start = new DateTime(2026, 1, 5, 9, 0, 0, DateTimeKind.Utc);
        var orders = new List<Order>();
        int lineId = 1;
        for (int i = 1; i <= 200; i++)
        {
            var order = new Order
            {
                Id = i,
                PlacedAt = start.AddMinutes(i * 97 + random.Next(60)),
                Status = (OrderStatus)random.Next(3),
                Note = random.Next(4) == 0 ? "Please ring twice." : null,
                InternalNote = $"picked by shelf {random.Next(1, 30)}",
                CustomerId = random.Next(1, customers.Count + 1),
            };
            for (int l = random.Next(1, 5); l > 0; l--)
            {
                var product = products[random.Next(products.Count)];
                order.Lines.Add(new OrderLine { Id = lineId++, ProductId = product.Id, Quantity = random.Next(1, 4), UnitPrice = product.Price });
            }

            orders.Add(order);
        }

        db.Products.AddRange(products);
        db.Customers.AddRange(customers);
        db.Orders.AddRange(orders);
        db.SaveChanges();
    }
}

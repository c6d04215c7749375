namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>A deterministic store: the same rows for the same seed, with referrals only to earlier customers (no cycles in the data).</summary>
public static class StoreSeed
{
    public static void Fill(StoreDbContext db, int seed = 20261123, int customers = 30, int orders = 80)
    {
        var random = new Random(seed);
        var products = Enumerable.Range(1, 12).Select(i => new Product
        {
            Id = i,
            Sku = $"SKU-{i:000}",
            Name = $"Product {i}",
            Price = random.Next(100, 10_000) / 100m,
            Cost = random.Next(50, 5_000) / 100m,
        }).ToList();
        var people = new List<Customer>();
        for (int i = 1; i <= customers; i++)
        {
            people.Add(new Customer
            {
                Id = i,
                Name = $"Customer {i}",
                Email = $"customer{i}@example.test",
                PasswordHash = $"hash-{random.Next():x}",
                ReferredById = i > 1 && random.Next(2) == 0 ? random.Next(1, i) : null,
            });
        }

        var start = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        var placed = new List<Order>();
        int lineId = 1;
        for (int i = 1; i <= orders; i++)
        {
            var order = new Order
            {
                Id = i,
                PlacedAt = start.AddHours(random.Next(0, 24 * 300)),
                Status = random.Next(3) switch { 0 => "open", 1 => "shipped", _ => "delivered" },
                Note = random.Next(3) == 0 ? null : $"note {i}",
                InternalNote = $"internal {i}",
                CustomerId = random.Next(1, customers + 1),
            };
            int lines = random.Next(0, 5);
            for (int l = 0; l < lines; l++)
            {
                var product = products[random.Next(products.Count)];
                // Backordered from the line's id, not the random sequence the rest of the data is drawn from: null on every third.
                order.Lines.Add(new OrderLine { Id = lineId, ProductId = product.Id, Quantity = random.Next(1, 6), UnitPrice = product.Price, Backordered = lineId % 3 == 0 ? null : lineId % 4 });
                lineId++;
            }

            placed.Add(order);
        }

        db.Products.AddRange(products);
        db.Customers.AddRange(people);
        db.Orders.AddRange(placed);
        var coupons = Enumerable.Range(1, 3).Select(i => new Coupon { Id = i, Code = $"SAVE{i * 5}", PercentOff = i * 5 }).ToList();
        coupons[0].RedeemedBy.AddRange(placed.Take(3));
        coupons[1].RedeemedBy.Add(placed[3]);
        db.Coupons.AddRange(coupons);
        db.SaveChanges();
        db.ChangeTracker.Clear();
    }
}

using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.Data;

/// <summary>
/// The acyclic data set: <see cref="Count"/> orders from 100 customers, 1-5 lines each, a third with notes, drawn from
/// one fixed seed so every run (and every host) serves the same bytes.
/// </summary>
public sealed class OrderData
{
    /// <summary>Orders in the list: at least a thousand, the size of a realistic page of an export or a report.</summary>
    public const int Count = 1_000;

    private static readonly string[] s_statuses = ["placed", "paid", "shipped", "delivered", "returned"];
    private static readonly string[] s_countries = ["NL", "DE", "FR", "GB", "US", "SE", "ES", "IT"];
    private static readonly string[] s_products = ["Espresso beans 1 kg", "Filter papers (100)", "Burr grinder", "Milk jug 600 ml", "Descaler", "Travel mug", "Cold brew kit", "Tamper 58 mm"];

    /// <summary>The orders, built once.</summary>
    public List<Order> Orders { get; } = Build();

    private static List<Order> Build()
    {
        var random = new Random(42);
        var placedFrom = new DateTimeOffset(2026, 1, 1, 8, 0, 0, TimeSpan.Zero);
        var customers = Enumerable.Range(1, 100).Select(id => new Customer
        {
            Id = id,
            Name = $"Customer {id:D3}",
            Email = $"buyer{id}@example.com",
            Country = s_countries[random.Next(s_countries.Length)],
            IsBusiness = random.Next(4) == 0,
        }).ToArray();

        var orders = new List<Order>(Count);
        for (int id = 1; id <= Count; id++)
        {
            var lines = new List<OrderLine>();
            for (int line = random.Next(1, 6); line > 0; line--)
            {
                int product = random.Next(s_products.Length);
                lines.Add(new OrderLine
                {
                    Sku = $"SKU-{product + 1:D4}",
                    Description = s_products[product],
                    Quantity = random.Next(1, 10),
                    UnitPrice = random.Next(199, 24_999) / 100m,
                });
            }

            orders.Add(new Order
            {
                Id = id,
                Number = $"SO-2026-{id:D6}",
                PlacedAt = placedFrom.AddMinutes(id * 37),
                Status = s_statuses[random.Next(s_statuses.Length)],
                Customer = customers[random.Next(customers.Length)],
                Lines = lines,
                Total = lines.Sum(l => l.Quantity * l.UnitPrice),
                Notes = random.Next(3) == 0 ? "Leave at the back door, please." : null,
            });
        }

        return orders;
    }
}

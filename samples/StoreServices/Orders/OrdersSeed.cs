namespace Popcorn.StoreServices.Orders;

/// <summary>
/// The service's data, the same on every machine: order <c>n</c> (1 to <see cref="Count"/>, or the count
/// <c>Seed:Orders</c> configures, as the gateway benchmark's larger runs do) belongs to customer
/// <c>(n - 1) % 12 + 1</c> of the customers service, was placed <c>n</c> days after 2026-01-01 and has
/// <c>n % 3 + 1</c> lines.
/// </summary>
internal static class OrdersSeed
{
    public const int Count = 40;

    /// <summary>How many customers the customers service seeds (its ids are 1 to this).</summary>
    public const int Customers = 12;

    private static readonly string[] s_skus = ["BOOK-001", "PEN-002", "LAMP-003", "DESK-004", "MUG-005"];

    private static readonly string[] s_statuses = ["open", "shipped", "delivered"];

    public static void Fill(OrdersDbContext db, int count = Count)
    {
        var start = new DateTimeOffset(2026, 1, 1, 9, 0, 0, TimeSpan.Zero);
        int lineId = 1;
        for (int id = 1; id <= count; id++)
        {
            var order = new Order
            {
                Id = id,
                CustomerId = (id - 1) % Customers + 1,
                PlacedAt = start.AddDays(id),
                Status = s_statuses[id % s_statuses.Length],
            };
            for (int n = 0; n <= id % 3; n++)
            {
                order.Lines.Add(new OrderLine
                {
                    Id = lineId++,
                    Sku = s_skus[(id + n) % s_skus.Length],
                    Quantity = n + 1,
                    UnitPrice = 5m * ((id + n) % 7 + 1),
                });
            }

            order.Total = order.Lines.Sum(l => l.Quantity * l.UnitPrice);
            db.Orders.Add(order);
        }
    }
}

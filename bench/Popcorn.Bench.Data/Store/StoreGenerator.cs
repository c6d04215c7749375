using System.Data.Common;
using System.Globalization;
using Microsoft.EntityFrameworkCore;

namespace Popcorn.Bench.Data.Store;

/// <summary>
/// Fills an empty store with a deterministic data set (one <see cref="Random"/>, seed 42): the given number of orders
/// with 1-5 lines each (3 on average), a customer per ten orders, 1,000 products. Written with multi-row INSERTs in one
/// transaction over the context's connection (EF's change tracker would take minutes for 400,000 rows); the SQL is
/// plain enough for SQLite and PostgreSQL alike.
/// </summary>
public static class StoreGenerator
{
    private const int RowsPerInsert = 500;
    private static readonly DateTime s_start = new(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    private static readonly string[] s_statuses = ["placed", "paid", "shipped", "delivered", "returned"];
    private static readonly string[] s_cities = ["Lisbon", "Oslo", "Lyon", "Turin", "Ghent", "Graz", "Porto", "Malmo"];

    /// <summary>Creates the schema and the data, unless the store already holds <paramref name="orders"/> orders.</summary>
    public static async Task EnsureAsync(StoreDbContext db, int orders)
    {
        await db.Database.EnsureCreatedAsync();
        if (await db.Orders.CountAsync() == orders)
        {
            return;
        }

        if (await db.Orders.AnyAsync())
        {
            throw new InvalidOperationException($"The store holds another number of orders than {orders}; delete it and start again.");
        }

        var random = new Random(42);
        int customers = Math.Max(1, orders / 10);
        const int products = 1_000;
        var connection = db.Database.GetDbConnection();
        await db.Database.OpenConnectionAsync();
        try
        {
            await using var transaction = await connection.BeginTransactionAsync();
            await InsertAsync(connection, transaction, "Products", ["Id", "Sku", "Name", "Description", "Price", "Stock"], products, i =>
            [
                i, $"SKU-{i:D5}", $"Product {i}", $"A product of the benchmark's catalogue, number {i}, described at some length as shops do.",
                Math.Round((decimal)(random.NextDouble() * 200) + 1, 2), random.Next(0, 500),
            ]);
            await InsertAsync(connection, transaction, "Customers", ["Id", "Name", "Email", "Phone", "Address", "City", "Country", "CreatedAt", "Notes"], customers, i =>
            [
                i, $"Customer {i}", $"customer{i}@example.com", $"+351 21 {i:D7}", $"{random.Next(1, 300)} Long Street Name, Floor {random.Next(1, 9)}",
                s_cities[random.Next(s_cities.Length)], "PT", s_start.AddMinutes(-random.Next(0, 500_000)),
                random.Next(3) == 0 ? null : "Prefers deliveries in the morning; call before arriving at the address.",
            ]);
            var lines = new List<object?[]>();
            await InsertAsync(connection, transaction, "Orders", ["Id", "Number", "PlacedAt", "Status", "Currency", "Total", "ShippingAddress", "BillingAddress", "Note", "CustomerId"], orders, i =>
            {
                decimal total = 0;
                for (int line = random.Next(1, 6); line > 0; line--)
                {
                    int quantity = random.Next(1, 10);
                    decimal price = Math.Round((decimal)(random.NextDouble() * 100) + 1, 2);
                    total += quantity * price;
                    lines.Add([lines.Count + 1, i, random.Next(1, products + 1), quantity, price, 0m]);
                }

                string address = $"{random.Next(1, 300)} Some Avenue, {s_cities[random.Next(s_cities.Length)]}";
                return
                [
                    i, $"ORD-{i:D8}", s_start.AddMinutes(i * 5), s_statuses[random.Next(s_statuses.Length)], "EUR", total, address, address,
                    random.Next(3) == 0 ? "Leave the parcel with the neighbour if nobody is at home, please." : null, random.Next(1, customers + 1),
                ];
            });
            await InsertAsync(connection, transaction, "OrderLines", ["Id", "OrderId", "ProductId", "Quantity", "UnitPrice", "Discount"], lines.Count, i => lines[i - 1]);
            await transaction.CommitAsync();
        }
        finally
        {
            await db.Database.CloseConnectionAsync();
        }
    }

    private static async Task InsertAsync(DbConnection connection, DbTransaction transaction, string table, string[] columns, int rows, Func<int, object?[]> row)
    {
        string head = $"INSERT INTO \"{table}\" ({string.Join(", ", columns.Select(c => $"\"{c}\""))}) VALUES ";
        for (int first = 1; first <= rows; first += RowsPerInsert)
        {
            int count = Math.Min(RowsPerInsert, rows - first + 1);
            await using var command = connection.CreateCommand();
            command.Transaction = transaction;
            var text = new System.Text.StringBuilder(head);
            for (int r = 0; r < count; r++)
            {
                var values = row(first + r);
                text.Append(r == 0 ? "(" : ", (");
                for (int c = 0; c < columns.Length; c++)
                {
                    string name = string.Create(CultureInfo.InvariantCulture, $"@p{r}_{c}");
                    text.Append(c == 0 ? name : ", " + name);
                    var parameter = command.CreateParameter();
                    parameter.ParameterName = name;
                    parameter.Value = values[c] ?? DBNull.Value;
                    command.Parameters.Add(parameter);
                }

                text.Append(')');
            }

            command.CommandText = text.ToString();
            await command.ExecuteNonQueryAsync();
        }
    }
}

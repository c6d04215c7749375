// The EF Core consumer app's own store, as a user would write it: entities marked for Popcorn, a DbContext, a seed,
// and an interceptor that keeps the SQL the app sent so run.sh can check what the database was asked to read.
using System.Data.Common;
using System.Text.Json.Serialization;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Popcorn;

namespace ShopData;

public class Customer
{
    [Always] public int Id { get; set; }
    [Default] public string Name { get; set; } = "";
    public string Email { get; set; } = "";
    [Never, JsonIgnore] public string PaymentToken { get; set; } = "";
}

public class Order
{
    [Always, Sortable, Filterable] public int Id { get; set; }
    [Default, Filterable] public string Status { get; set; } = "";
    public string Notes { get; set; } = "";
    [JsonIgnore] public int CustomerId { get; set; }
    public Customer Customer { get; set; } = null!;
}

public class StoreDb(DbContextOptions<StoreDb> options) : DbContext(options)
{
    public DbSet<Customer> Customers => Set<Customer>();
    public DbSet<Order> Orders => Set<Order>();

    public static void Seed(StoreDb db)
    {
        db.Database.EnsureCreated();
        var ada = new Customer { Id = 1, Name = "Ada", Email = "ada@example.com", PaymentToken = "tok-SECRET-1" };
        var grace = new Customer { Id = 2, Name = "Grace", Email = "grace@example.com", PaymentToken = "tok-SECRET-2" };
        db.AddRange(ada, grace);
        db.AddRange(
            new Order { Id = 1, Status = "Shipped", Notes = "leave at the door", Customer = ada },
            new Order { Id = 2, Status = "Pending", Notes = "gift wrap", Customer = grace },
            new Order { Id = 3, Status = "Shipped", Notes = "", Customer = grace });
        db.SaveChanges();
    }
}

/// <summary>The text of the last query the app sent, served at /sql for the consumer check.</summary>
public sealed class LastSql : DbCommandInterceptor
{
    public string Text { get; private set; } = "";

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData,
        InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        Text = command.CommandText;
        return ValueTask.FromResult(result);
    }

    public override InterceptionResult<DbDataReader> ReaderExecuting(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result)
    {
        Text = command.CommandText;
        return result;
    }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Order>))]
public partial class StoreJsonContext : JsonSerializerContext;

using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>A seeded in-memory SQLite store, alive while its connection is open; one per test class.</summary>
public sealed class SqliteStore : IStoreDatabase
{
    private readonly SqliteConnection _connection = new("Data Source=:memory:");

    public SqliteStore()
        : this(customers: 30, orders: 80)
    {
    }

    private SqliteStore(int customers, int orders)
    {
        _connection.Open();
        Options = new DbContextOptionsBuilder<StoreDbContext>().UseSqlite(_connection).AddInterceptors(Sql).Options;
        using var db = CreateContext();
        db.Database.EnsureCreated();
        StoreSeed.Fill(db, customers: customers, orders: orders);
        Sql.Clear();
    }

    public SqlCapture Sql { get; } = new();

    /// <summary>A store of another size (xunit fixtures need the single public constructor).</summary>
    public static SqliteStore WithSize(int customers, int orders) => new(customers, orders);

    public DbContextOptions<StoreDbContext> Options { get; }

    public StoreDbContext CreateContext() => new(Options);

    public void Dispose() => _connection.Dispose();
}

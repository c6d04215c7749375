using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>A seeded store in its own database on the test process's PostgreSQL cluster; one per test class.</summary>
public sealed class PostgresStore : IStoreDatabase
{
    public PostgresStore()
    {
        ConnectionString = PostgresCluster.ConnectionString("store_" + Guid.NewGuid().ToString("N"));
        Options = new DbContextOptionsBuilder<StoreDbContext>()
            .UseNpgsql(ConnectionString)
            .AddInterceptors(Sql)
            .Options;
        using var db = CreateContext();
        db.Database.EnsureCreated();
        StoreSeed.Fill(db);
        Sql.Clear();
    }

    public SqlCapture Sql { get; } = new();

    public string ConnectionString { get; }

    public DbContextOptions<StoreDbContext> Options { get; }

    public StoreDbContext CreateContext() => new(Options);

    public void Dispose()
    {
        using var db = CreateContext();
        db.Database.EnsureDeleted();
    }
}

using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Popcorn.Playground.Store;

/// <summary>
/// Chooses and prepares the store's database. With no configuration it is SQLite in memory, shared by name and kept
/// alive by one open connection for the app's lifetime, so the playground needs nothing installed; with
/// <c>Store:Provider=PostgreSQL</c> and <c>ConnectionStrings:Store</c> it is PostgreSQL. Either way the schema is
/// created and seeded at startup when empty.
/// </summary>
internal static class StoreDatabase
{

    /// <summary>Registers <see cref="StoreDbContext"/> for the configured provider.</summary>
    public static void AddStore(this IServiceCollection services, IConfiguration configuration)
    {
        string provider = configuration["Store:Provider"] ?? "Sqlite";
        string? connectionString = configuration.GetConnectionString("Store");
        if (provider.Equals("PostgreSQL", StringComparison.OrdinalIgnoreCase))
        {
            if (string.IsNullOrWhiteSpace(connectionString))
            {
                throw new InvalidOperationException("Store:Provider is PostgreSQL but ConnectionStrings:Store is not set.");
            }

            services.AddDbContext<StoreDbContext>(options => QuietSql(options.UseNpgsql(WithoutJit(connectionString))));
            return;
        }

        if (!provider.Equals("Sqlite", StringComparison.OrdinalIgnoreCase))
        {
            throw new InvalidOperationException($"Store:Provider '{provider}' is not supported; use Sqlite or PostgreSQL.");
        }

        // Named per app instance, so two apps in one process (tests) never share or race on one store.
        connectionString ??= $"Data Source=popcorn-store-{Guid.NewGuid():N};Mode=Memory;Cache=Shared";

        // An in-memory SQLite database lives while one connection to it is open: this one, for the app's lifetime.
        var keepAlive = new SqliteConnection(connectionString);
        services.AddSingleton(keepAlive);
        services.AddDbContext<StoreDbContext>(options => QuietSql(options.UseSqlite(connectionString)));
    }

    /// <summary>
    /// Turns PostgreSQL's JIT compilation off for the store's sessions, unless the connection string's <c>Options</c>
    /// already say what to do with it. A nested list paged per parent (<c>orders(first: 1)[lines(first: 1)]</c>) is a
    /// correlated subquery per level, whose estimated cost passes <c>jit_above_cost</c> long before its real cost does:
    /// on the four-level selection of issue 29's probe PostgreSQL spent ~146 ms compiling 210 functions for a statement
    /// that runs in ~15 ms without them (EXPLAIN ANALYZE, docs/data.md "PostgreSQL's JIT").
    /// </summary>
    private static string WithoutJit(string connectionString)
    {
        var builder = new NpgsqlConnectionStringBuilder(connectionString);
        if (builder.Options?.Contains("jit", StringComparison.OrdinalIgnoreCase) != true)
        {
            builder.Options = string.IsNullOrWhiteSpace(builder.Options) ? "-c jit=off" : builder.Options + " -c jit=off";
        }

        return builder.ConnectionString;
    }

    /// <summary>
    /// Logs each executed SQL command at Debug rather than EF Core's Information: seeding alone runs 784 INSERTs, which
    /// buried "Now listening on" under 3,000 lines at start. <c>Logging:LogLevel:Microsoft.EntityFrameworkCore.Database.Command=Debug</c>
    /// shows them again (docs/playground.md). A failed command, connection or query is Debug too: while the database is
    /// down EF Core would log three errors per request, and Popcorn already logs the outage once, with the error, and
    /// once when it is over, with the count of requests refused (docs/reliability.md).
    /// </summary>
    private static DbContextOptionsBuilder QuietSql(DbContextOptionsBuilder options) =>
        options.ConfigureWarnings(w => w.Log(
            (RelationalEventId.CommandExecuted, LogLevel.Debug),
            (RelationalEventId.CommandError, LogLevel.Debug),
            (RelationalEventId.ConnectionError, LogLevel.Debug),
            (CoreEventId.QueryIterationFailed, LogLevel.Debug)));

    /// <summary>Creates the schema and seeds it when the store is empty.</summary>
    public static void PrepareStore(this WebApplication app)
    {
        app.Services.GetService<SqliteConnection>()?.Open();
        using var scope = app.Services.CreateScope();
        var db = scope.ServiceProvider.GetRequiredService<StoreDbContext>();
        db.Database.EnsureCreated();
        if (!db.Products.Any())
        {
            StoreSeed.Fill(db);
        }
    }
}

using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;

namespace Popcorn.StoreServices;

/// <summary>
/// Where a service of the sample keeps its data: one SQLite file of its own (<c>ConnectionStrings:{name}</c>, by
/// default <c>{name}.db</c> beside the app), created and seeded when the app starts and empty, so a restarted service
/// finds the data it had.
/// </summary>
internal static class ServiceDatabase
{
    /// <summary>Registers <typeparamref name="TContext"/> over the service's SQLite file.</summary>
    public static void AddServiceDatabase<TContext>(this WebApplicationBuilder builder, string name)
        where TContext : DbContext
    {
        string connectionString = builder.Configuration.GetConnectionString(name)
            ?? new SqliteConnectionStringBuilder { DataSource = Path.Combine(AppContext.BaseDirectory, name.ToLowerInvariant() + ".db") }.ToString();
        builder.Services.AddDbContext<TContext>(options => options.UseSqlite(connectionString));
    }

    /// <summary>Creates the schema and, when <paramref name="isEmpty"/> says so, fills it with <paramref name="seed"/>.</summary>
    public static void Prepare<TContext>(this WebApplication app, Func<TContext, bool> isEmpty, Action<TContext> seed)
        where TContext : DbContext
    {
        using var scope = app.Services.CreateScope();
        var db = scope.ServiceProvider.GetRequiredService<TContext>();
        db.Database.EnsureCreated();
        if (isEmpty(db))
        {
            seed(db);
            db.SaveChanges();
        }
    }
}

using Microsoft.EntityFrameworkCore;
using Npgsql;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// Under a UTF-8 <c>LC_CTYPE</c> PostgreSQL's <c>ILIKE</c> folds every letter, so <c>mode: INSENSITIVE</c> answers as
/// memory does for <c>É</c> too; under the <c>C</c> locale of the other tests' databases it folds ASCII only
/// (<see cref="PostgresTextFilterSqlTests"/>). docs/data.md, "Text filters", states both.
/// </summary>
public sealed class PostgresUtf8TextFilterTests(PostgresStore cluster) : IClassFixture<PostgresStore>
{
    [StoreFact]
    public async Task Insensitive_UnderAUtf8Ctype_FoldsNonAsciiLetters_AsMemoryDoes()
    {
        string name = "utf8_" + Guid.NewGuid().ToString("N");
        await using (var admin = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(cluster.ConnectionString) { Database = "postgres", Pooling = false }.ConnectionString))
        {
            await admin.OpenAsync();
            await using var create = new NpgsqlCommand($"CREATE DATABASE \"{name}\" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.utf8'", admin);
            await create.ExecuteNonQueryAsync();
        }

        var options = new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql(PostgresCluster.ConnectionString(name)).Options;
        await using var db = new StoreDbContext(options);
        try
        {
            await db.Database.EnsureCreatedAsync();
            StoreSeed.Fill(db);
            await db.Orders.Where(o => o.Id == 4).ExecuteUpdateAsync(set => set.SetProperty(o => o.Note, "Émile's order"));
            var plan = Json.Plan<Order>("(where: {note: {startsWith: \"émile\", mode: INSENSITIVE}})[id]");

            var projected = await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync();

            projected.ShouldBe([4]);
            plan.Arguments!.Apply(await db.Orders.OrderBy(o => o.Id).ToListAsync())!.Select(o => o.Id).ShouldBe(projected);
        }
        finally
        {
            await db.Database.EnsureDeletedAsync();
        }
    }
}

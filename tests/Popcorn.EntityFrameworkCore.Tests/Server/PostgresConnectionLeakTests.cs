using System.Net;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Nothing leaks a connection: with a pool of two connections, clients that leave mid-stream over and over, and
/// requests that fail, still leave the pool able to serve the next request at once.
/// </summary>
public sealed class PostgresConnectionLeakTests(PostgresStore store) : IClassFixture<PostgresStore>
{
    private const int Rounds = 12;

    [StoreFact]
    public async Task Get_ClientsLeavingMidStreamRepeatedly_ReturnEveryConnectionToThePool()
    {
        await using (var db = store.CreateContext())
        {
            await db.Database.ExecuteSqlRawAsync("""
                INSERT INTO "Orders" ("Id", "PlacedAt", "Status", "Note", "InternalNote", "CustomerId")
                SELECT i, timestamptz '2026-01-01 00:00:00Z', 'open', 'a note long enough to make each row take some room', 'x', (i % 30) + 1
                FROM generate_series(1000, 150000) AS i
                """);
        }

        // Two connections: a single leaked connection per round would exhaust the pool for good. The wait for a free
        // one is generous, so a slow machine returning a connection late is not mistaken for a leak.
        string pooled = new NpgsqlConnectionStringBuilder(store.ConnectionString) { MaxPoolSize = 2, Timeout = 15 }.ConnectionString;
        var options = new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql(pooled).Options;
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(options));

        for (int round = 0; round < Rounds; round++)
        {
            using var client = SlowClient.Create(server.Client.BaseAddress!);
            using var response = await client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id,status,note]"), HttpCompletionOption.ResponseHeadersRead);
            response.StatusCode.ShouldBe(HttpStatusCode.OK);
            await using var body = await response.Content.ReadAsStreamAsync();
            await body.ReadExactlyAsync(new byte[4096]);
        }

        using var last = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));
        last.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await last.Content.ReadAsStringAsync()).ShouldEndWith("{\"id\":150000}]");
    }
}

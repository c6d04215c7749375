using System.Net;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Every fault, again and again, against a pool of two connections: a database too slow for the first-row timeout, a
/// client that gives up while the query stalls, a client that leaves mid-stream, and the database going down (its
/// connections killed, new ones refused) and coming back. Afterwards Npgsql's own count of connections in use is
/// zero and a full request is served: nothing leaked a connection.
/// </summary>
public sealed class PostgresFaultLoopTests(PostgresStore store) : IClassFixture<PostgresStore>
{
    private const int Rounds = 4;
    private const string Selection = "/orders?include=%5Bid%2Cstatus%2Cnote%5D";

    [StoreFact]
    public async Task Get_FaultsOfEveryKindRepeatedly_LeaveNoConnectionInUse()
    {
        await using (var db = store.CreateContext())
        {
            await db.Database.ExecuteSqlRawAsync("""
                INSERT INTO "Orders" ("Id", "PlacedAt", "Status", "Note", "InternalNote", "CustomerId")
                SELECT i, timestamptz '2026-01-01 00:00:00Z', 'open', 'a note long enough to make each row take some room', 'x', (i % 30) + 1
                FROM generate_series(1000, 150000) AS i
                """);
        }

        // The first-row timeout leaves room for a loaded CI machine (with 1 s, a healthy query was once cut there).
        // The application name tells this app's connections apart, in Npgsql's pool metrics and at the server.
        string application = "popcorn-fault-loop-" + Guid.NewGuid().ToString("N")[..8];
        string pooled = new NpgsqlConnectionStringBuilder(store.ConnectionString) { MaxPoolSize = 2, Timeout = 15, ApplicationName = application }.ConnectionString;
        var slow = new SlowDatabase();
        var options = new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql(pooled).AddInterceptors(slow).Options;
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(options), o => o.FirstRowTimeout = TimeSpan.FromSeconds(4));

        for (int round = 0; round < Rounds; round++)
        {
            // Too slow: the timeout cancels the query at the server.
            slow.Stall = TimeSpan.FromSeconds(60);
            using (var response = await server.Client.GetAsync(Selection))
            {
                response.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            }

            // The client gives up while the query stalls (before the timeout): the request is aborted, the query too.
            slow.Stall = TimeSpan.FromSeconds(3);
            using (var impatient = new CancellationTokenSource(TimeSpan.FromMilliseconds(300)))
            {
                await Should.ThrowAsync<OperationCanceledException>(() => server.Client.GetAsync(Selection, impatient.Token));
            }

            slow.Stall = null;

            // The client leaves mid-stream.
            using (var client = SlowClient.Create(server.Client.BaseAddress!))
            using (var response = await client.GetAsync(Selection, HttpCompletionOption.ResponseHeadersRead))
            {
                response.StatusCode.ShouldBe(HttpStatusCode.OK);
                await using var body = await response.Content.ReadAsStreamAsync();
                await body.ReadExactlyAsync(new byte[4096]);
            }

            // The database goes down: its connections are killed and new ones refused. Three requests use up every
            // connection the pool may still hold (two at most) and then try a new one.
            await SetDatabaseDownAsync(application, down: true);
            for (int attempt = 0; attempt < 3; attempt++)
            {
                using var response = await server.Client.GetAsync(Selection);
                response.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            }

            await SetDatabaseDownAsync(application, down: false);
        }

        (await PostgresActivity.CountAsync(store.ConnectionString, $"application_name = '{application}' AND state <> 'idle'")).ShouldBe(0, "a query of the app still runs at the server");
        await WaitForAsync(() => NpgsqlPool.InUse(application) == 0);
        NpgsqlPool.InUse(application).ShouldBe(0, "a connection was never returned to the pool");
        using var last = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));
        last.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await last.Content.ReadAsStringAsync()).ShouldEndWith("{\"id\":150000}]");
    }

    [StoreFact]
    public async Task PoolMetric_CountsAConnectionWhileAQueryRuns()
    {
        // The leak check above reads Npgsql's metric; this proves the metric sees a connection in use at all.
        string application = "popcorn-pool-metric-" + Guid.NewGuid().ToString("N")[..8];
        string pooled = new NpgsqlConnectionStringBuilder(store.ConnectionString) { ApplicationName = application }.ConnectionString;
        await using var connection = new NpgsqlConnection(pooled);
        await connection.OpenAsync();

        NpgsqlPool.InUse(application).ShouldBe(1);
        await connection.CloseAsync();
        NpgsqlPool.InUse(application).ShouldBe(0);
    }

    private async Task SetDatabaseDownAsync(string application, bool down)
    {
        var admin = new NpgsqlConnectionStringBuilder(store.ConnectionString) { Database = "postgres", Pooling = false };
        await using var connection = new NpgsqlConnection(admin.ConnectionString);
        await connection.OpenAsync();
        string database = new NpgsqlConnectionStringBuilder(store.ConnectionString).Database!;
        await using var allow = new NpgsqlCommand($"ALTER DATABASE \"{database}\" ALLOW_CONNECTIONS {(down ? "false" : "true")}", connection);
        await allow.ExecuteNonQueryAsync();
        if (down)
        {
            await using var kill = new NpgsqlCommand($"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '{application}'", connection);
            await kill.ExecuteNonQueryAsync();
        }
    }

    private static async Task WaitForAsync(Func<bool> condition)
    {
        var deadline = DateTime.UtcNow.AddSeconds(15);
        while (!condition() && DateTime.UtcNow < deadline)
        {
            await Task.Delay(100);
        }
    }
}

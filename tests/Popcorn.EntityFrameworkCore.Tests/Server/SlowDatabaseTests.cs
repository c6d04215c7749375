using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A database slower than <see cref="PopcornEntityFrameworkCoreOptions.FirstRowTimeout"/> to produce the first row:
/// the query is cancelled, the request answered as for a database that is down, and the next request served.
/// </summary>
public abstract class SlowDatabaseTests(IStoreDatabase store)
{
    // Far longer than the timeout, so only the timeout can end the stall; a leftover stall would hold the test's
    // connection for this long, which the PostgreSQL run checks is not the case.
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(60);

    [StoreFact]
    public async Task Get_NoFirstRowWithinTheTimeout_Answers503CancelsTheQueryAndServesTheNextRequest()
    {
        var slow = new SlowDatabase { Stall = s_stall };
        await using var server = await StartAsync(slow);

        using (var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]")))
        {
            response.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
            (await response.Content.ReadAsStringAsync()).ShouldContain("\"status\":503");
        }

        slow.Cancelled.ShouldBe(1, "the slow query was not cancelled");
        await AssertNoQueryLeftRunningAsync();
        slow.Stall = null;
        using (var next = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]")))
        {
            next.StatusCode.ShouldBe(HttpStatusCode.OK);
            JsonNode.Parse(await next.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(80);
        }
    }

    [StoreFact]
    public async Task Gateway_NoFirstRowWithinTheTimeout_AnswersTheFieldsSourceUnavailableError()
    {
        var slow = new SlowDatabase { Stall = s_stall };
        await using var server = await StartAsync(slow);

        using var response = await server.Client.PostAsync("/graphql",
            new StringContent(JsonSerializer.Serialize(new { query = "{ orders { id } }" }), Encoding.UTF8, "application/json"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["data"]!["orders"].ShouldBeNull();
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        slow.Cancelled.ShouldBe(1);
    }

    /// <summary>A stall the timeout cancelled must be gone from the database too, not just from the client.</summary>
    protected virtual Task AssertNoQueryLeftRunningAsync() => Task.CompletedTask;

    private Task<StoreServer> StartAsync(SlowDatabase slow)
    {
        var options = new DbContextOptionsBuilder<StoreDbContext>(store.Options).AddInterceptors(slow).Options;
        return StoreServer.StartAsync(() => new StoreDbContext(options), o => o.FirstRowTimeout = TimeSpan.FromSeconds(1));
    }
}

/// <summary>The slow database on SQLite in memory (the stall waits on the client).</summary>
public sealed class SqliteSlowDatabaseTests(SqliteStore store) : SlowDatabaseTests(store), IClassFixture<SqliteStore>;

/// <summary>The slow database on PostgreSQL: <c>pg_sleep</c> at the server, cancelled by Npgsql's cancel request.</summary>
public sealed class PostgresSlowDatabaseTests(PostgresStore store) : SlowDatabaseTests(store), IClassFixture<PostgresStore>
{
    protected override async Task AssertNoQueryLeftRunningAsync() =>
        (await PostgresActivity.CountAsync(store.ConnectionString, "state = 'active' AND query LIKE 'SELECT pg_sleep%'")).ShouldBe(0, "the cancelled pg_sleep still runs at the server");
}

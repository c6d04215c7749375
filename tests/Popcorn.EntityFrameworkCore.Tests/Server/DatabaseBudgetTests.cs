using System.Net;
using System.Text.Json.Nodes;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A request's database work is bounded: the rows one query reads (<see cref="PopcornEntityFrameworkCoreOptions.MaxRowsRead"/>,
/// a 400 naming it) and its time (<see cref="PopcornEntityFrameworkCoreOptions.QueryTimeout"/>), and a query whose
/// client left or whose time is up stops at the database, SQLite included.
/// </summary>
public abstract class DatabaseBudgetTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Get_AQueryReadingMoreRowsThanTheMaximum_Answers400NamingIt()
    {
        await using var server = await StartAsync(o => o.MaxRowsRead = 50);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        var problem = JsonNode.Parse(text)!;
        ((string)problem["errorKind"]!).ShouldBe("SourceLimitExceeded");
        ((string)problem["detail"]!).ShouldContain("MaxRowsRead");
        ((long)problem["limit"]!).ShouldBe(50);
    }

    [StoreFact]
    public async Task Get_AQueryWithinTheMaximum_IsAnswered()
    {
        await using var server = await StartAsync(o => o.MaxRowsRead = 80);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(80);
    }

    [StoreFact]
    public async Task Post_AFieldPassingTheMaximumBeforeItsFirstOrder_IsTheFieldsErrorNamingIt()
    {
        await using var server = await StartAsync(o => o.MaxRowsRead = 1);

        // The first order's lines beside its customer's orders: its element alone is several joined rows.
        var body = await server.PostGraphQLAsync("{ orders { id lines { quantity } customer { orders { id } } } }", HttpStatusCode.OK);

        body["data"]!["orders"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["extensions"]!["code"]!).ShouldBe("SOURCE_LIMIT_EXCEEDED");
        ((string)error["message"]!).ShouldContain("MaxRowsRead");
        error["path"]![0]!.GetValue<string>().ShouldBe("orders");
    }

    [StoreFact]
    public async Task Post_AFieldPassingTheMaximumAfterItsFirstOrder_Answers400NamingIt()
    {
        await using var server = await StartAsync(o => o.MaxRowsRead = 50);

        var body = await server.PostGraphQLAsync("{ orders { id } }", HttpStatusCode.BadRequest);

        body["data"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["extensions"]!["code"]!).ShouldBe("SOURCE_LIMIT_EXCEEDED");
        ((string)error["message"]!).ShouldContain("MaxRowsRead");
    }

    [Fact]
    public void AddPopcornEntityFrameworkCore_AddsTheInterceptor_ToContextsRegisteredWithAddDbContext()
    {
        var services = new ServiceCollection();
        services.AddDbContext<StoreDbContext>(o => o.UseSqlite("Data Source=:memory:"));
        services.AddPopcornEntityFrameworkCore();
        using var provider = services.BuildServiceProvider();
        using var scope = provider.CreateScope();

        var db = scope.ServiceProvider.GetRequiredService<StoreDbContext>();

        var core = db.GetService<IDbContextOptions>().FindExtension<CoreOptionsExtension>()!;
        core.Interceptors!.ShouldContain(DatabaseCancellation.Instance);
    }

    private Task<StoreServer> StartAsync(Action<PopcornEntityFrameworkCoreOptions> configure, BusyDatabase? busy = null)
    {
        var builder = new DbContextOptionsBuilder<StoreDbContext>(store.Options).AddPopcornInterceptors();
        if (busy is not null)
        {
            builder.AddInterceptors(busy);
        }

        var options = builder.Options;
        return StoreServer.StartAsync(() => new StoreDbContext(options), configure);
    }

    /// <summary>SQLite ignores a cancelled token once its statement runs: Popcorn interrupts the connection.</summary>
    public sealed class OnSqlite(SqliteStore store) : DatabaseBudgetTests(store), IClassFixture<SqliteStore>
    {
        [Fact]
        public async Task Get_ClientLeavesWhileSqliteWorks_TheStatementIsInterrupted()
        {
            var busy = new BusyDatabase();
            await using var server = await StartAsync(o => (o.FirstRowTimeout, o.QueryTimeout) = (Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan), busy);

            using (var leave = new CancellationTokenSource())
            {
                var request = server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"), leave.Token);
                await busy.Started.WaitAsync(TimeSpan.FromSeconds(60));

                // The statement spins for minutes: a moment after it started, it is surely running when the client leaves.
                await Task.Delay(300);
                leave.Cancel();
                await Should.ThrowAsync<TaskCanceledException>(() => request);
            }

            // Uninterrupted, the statement counts to two billion for minutes after the client left.
            var failure = (await busy.FirstFailureAsync()).ShouldNotBeNull("the statement still runs after the client left");
            failure.ShouldBeOfType<SqliteException>().SqliteErrorCode.ShouldBe(SQLitePCL.raw.SQLITE_INTERRUPT);
        }

        [Fact]
        public async Task Get_QueryPastItsTimeBudget_Answers503_AndTheStatementIsInterrupted()
        {
            var busy = new BusyDatabase();
            await using var server = await StartAsync(o => (o.FirstRowTimeout, o.QueryTimeout) = (Timeout.InfiniteTimeSpan, TimeSpan.FromSeconds(1)), busy);

            using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));

            response.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            var failure = (await busy.FirstFailureAsync()).ShouldNotBeNull();
            failure.ShouldBeOfType<SqliteException>().SqliteErrorCode.ShouldBe(SQLitePCL.raw.SQLITE_INTERRUPT);
        }
    }

    /// <summary>The row bound on PostgreSQL (Npgsql cancels a running command itself: <c>SlowDatabaseTests</c>).</summary>
    public sealed class OnPostgres(PostgresStore store) : DatabaseBudgetTests(store), IClassFixture<PostgresStore>;
}

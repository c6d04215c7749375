using System.Net;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// An endpoint or gateway field for one object, returned as a query (<c>AsPopcornSingle()</c>): one statement reading
/// the selected columns of one row, the same JSON as the entity loaded whole, a 404 (REST) or <c>null</c> (gateway) when
/// the row does not exist, and never a <c>[Never]</c> column.
/// </summary>
public abstract class SingleEndpointTests(IStoreDatabase store)
{
    /// <summary>
    /// The store's contexts, with EF Core's warning about a Take without an OrderBy made an error: an endpoint filtering
    /// by key must not make EF Core log it (once per query shape, for every such endpoint of an app).
    /// </summary>
    private StoreDbContext CreateContext() =>
        new(new DbContextOptionsBuilder<StoreDbContext>(store.Options)
            .ConfigureWarnings(w => w.Throw(CoreEventId.RowLimitingOperationWithoutOrderByWarning)).Options);

    [StoreFact]
    public async Task Get_SingleQuery_IsOneStatementOfTheSelectedColumns_AndTheLoadedEntitysJson()
    {
        const string selection = "[status,customer[name],lines[quantity]]";
        await using var server = await StoreServer.StartAsync(CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/single/orders/7?include=" + Uri.EscapeDataString(selection));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        string sql = store.Sql.Commands.ShouldHaveSingleItem();
        foreach (string unread in new[] { "\"PlacedAt\"", "\"Note\"", "\"InternalNote\"", "\"Email\"", "\"PasswordHash\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }

        sql.ShouldContain("WHERE", customMessage: sql);
        await using var memory = store.CreateContext();
        var order = await memory.Orders.Include(o => o.Customer).Include(o => o.Lines).ThenInclude(l => l.Product).SingleAsync(o => o.Id == 7);
        var loaded = JsonNode.Parse(Json.Write([order], Json.Plan<Order>(selection)))!.AsArray()[0];
        JsonNode.DeepEquals(JsonNode.Parse(text), loaded).ShouldBeTrue(text);
    }

    [StoreFact]
    public async Task Get_OrderedSingleQuery_IsCutToOneRowInSql_AndIsTheFirstInThatOrder()
    {
        await using var server = await StoreServer.StartAsync(CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/single/orders/latest?include=" + Uri.EscapeDataString("[placedAt]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        string sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("LIMIT", customMessage: sql);
        await using var memory = store.CreateContext();
        var latest = await memory.Orders.OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).FirstAsync();
        JsonNode.Parse(text)!["id"]!.GetValue<int>().ShouldBe(latest.Id);
    }

    [StoreFact]
    public async Task Get_SingleQueryWithNoRow_Answers404Problem()
    {
        await using var server = await StoreServer.StartAsync(CreateContext);

        using var response = await server.Client.GetAsync("/single/orders/100000?include=" + Uri.EscapeDataString("[id]"));

        response.StatusCode.ShouldBe(HttpStatusCode.NotFound);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["status"]!.GetValue<int>().ShouldBe(404);
    }

    [StoreFact]
    public async Task Get_SingleQueryUnderTheDeepWildcard_NeverReadsANeverColumn()
    {
        await using var server = await StoreServer.StartAsync(CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/single/orders/3?include=" + Uri.EscapeDataString("[!all]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        string sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldNotContain("\"InternalNote\"", customMessage: sql);
        (await response.Content.ReadAsStringAsync()).ShouldNotContain("internalNote", Case.Insensitive);
    }

    [StoreFact]
    public async Task Gateway_SingleQueryField_ReadsTheSelection_AndIsNullWithoutAnErrorWhenThereIsNoRow()
    {
        await using var server = await StoreServer.StartAsync(CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync("{ order(id: 5) { status customer { name } } none: order(id: 100000) { id } }", HttpStatusCode.OK);

        body["errors"].ShouldBeNull(body.ToJsonString());
        body["data"]!["none"].ShouldBeNull();
        body["data"]!["order"]!["customer"]!["name"].ShouldNotBeNull();
        store.Sql.Commands.Count.ShouldBe(2);
        store.Sql.Commands.ShouldAllBe(sql => !sql.Contains("\"PlacedAt\"") && !sql.Contains("\"Note\""));
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteSingleEndpointTests(SqliteStore store) : SingleEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresSingleEndpointTests(PostgresStore store) : SingleEndpointTests(store), IClassFixture<PostgresStore>;

using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// The size of a <c>where</c> argument is bounded when the plan is compiled, values from GraphQL variables included,
/// and what passes is translated without recursion in proportion to it: an oversized filter is a 400 naming its
/// limit before any SQL, never a crashed process or a 503; a large <c>in</c> is one array parameter.
/// </summary>
public abstract class FilterBoundsEndpointTests(IStoreDatabase store)
{
    private static string Ids(int count) => string.Join(",", Enumerable.Range(1, count));

    [StoreFact]
    public async Task Get_InWithAThousandValues_IsOneArrayParameter_AndKeepsTheRows()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var rows = await GetArrayAsync(server, "(where: {id: {in: [" + Ids(1000) + "]}})[id]");

        rows.Count.ShouldBe(80);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        // One parameter for the thousand values (SQLite refuses more than 999 variables; nested ORs overflowed the stack).
        sql.Length.ShouldBeLessThan(1000, sql);
        sql.ShouldNotContain(" OR ", Case.Sensitive, sql);
    }

    [StoreFact]
    public async Task Get_InOverTheLimit_Answers400NamingIt_BeforeAnySql()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(where: {id: {in: [" + Ids(1001) + "]}})[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        text.ShouldContain("MaxFilterInValues");
        JsonNode.Parse(text)!["column"].ShouldNotBeNull(text);
        store.Sql.Commands.ShouldBeEmpty();
    }

    [StoreFact]
    public async Task Post_InFromAVariableOverTheLimit_IsAValidationErrorNamingIt_NotACrash()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync(
            "query($ids: [Int]) { orders(where: {id: {in: $ids}}) { id } }",
            HttpStatusCode.BadRequest,
            new { ids = Enumerable.Range(1, 8000).ToArray() });

        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["message"]!).ShouldContain("MaxFilterInValues");
        error["locations"].ShouldNotBeNull();
        body["data"].ShouldBeNull();
        store.Sql.Commands.ShouldBeEmpty();
    }

    [StoreFact]
    public async Task Post_ThousandsOfSortKeysFromAVariable_IsAnErrorNamingTheRepeat_NotACrash()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        // 2,000 keys alternating two fields: EF Core's translator recursed once per ThenBy and overflowed the stack.
        var keys = Enumerable.Range(0, 2000).Select(i => i % 2 == 0 ? (object)new { id = "ASC" } : new { placedAt = "DESC" }).ToArray();
        var body = await server.PostGraphQLAsync("query($keys: [OrderSort!]) { orders(orderBy: $keys) { id } }", HttpStatusCode.BadRequest, new { keys });

        ((string)body["errors"]![0]!["message"]!).ShouldContain("'id' is sorted by twice");
        store.Sql.Commands.ShouldBeEmpty();
        var next = await server.PostGraphQLAsync("{ orders(first: 2, orderBy: [{placedAt: DESC}, {id: ASC}]) { id } }", HttpStatusCode.OK);
        next["data"]!["orders"]!.AsArray().Count.ShouldBe(2);
    }

    [StoreFact]
    public async Task Post_InFromAVariableWithinTheLimit_KeepsTheRows_NullsIncluded()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync(
            "query($ids: [Int]) { orders(where: {id: {in: $ids}}) { id } }",
            HttpStatusCode.OK,
            new { ids = Enumerable.Range(1, 1000).Select(i => i % 7 == 0 ? (int?)null : i).ToArray() });

        var ids = body["data"]!["orders"]!.AsArray().Select(o => (int)o!["id"]!).ToArray();
        ids.ShouldBe(Enumerable.Range(1, 80).Where(i => i % 7 != 0));
    }

    [StoreFact]
    public async Task Post_OrOfTenThousandFiltersFromAVariable_IsAValidationErrorNamingTheLimit()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var filters = Enumerable.Range(1, 10_000).Select(i => new { id = i }).ToArray();
        var body = await server.PostGraphQLAsync(
            "query($w: OrderFilter) { orders(where: $w) { id } }",
            HttpStatusCode.BadRequest,
            new { w = new { or = filters } });

        ((string)body["errors"]![0]!["message"]!).ShouldContain("MaxFilterOperands");
        store.Sql.Commands.ShouldBeEmpty();
    }

    [StoreFact]
    public async Task Post_FiltersNestedAsDeepAsAVariableAllows_AnswerWithoutCrashing()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        // Each level an or of a comparison and the next level: as deep as the gateway's JSON reader lets variables go.
        JsonNode filter = new JsonObject { ["id"] = 1 };
        for (int level = 0; level < 30; level++)
        {
            filter = new JsonObject { ["or"] = new JsonArray(new JsonObject { ["id"] = level + 2 }, filter) };
        }

        var body = await server.PostGraphQLAsync("query($w: OrderFilter) { orders(where: $w) { id } }", HttpStatusCode.OK, new { w = filter });

        body["data"]!["orders"]!.AsArray().Select(o => (int)o!["id"]!).ShouldBe(Enumerable.Range(1, 31));
    }

    [StoreFact]
    public async Task Post_TooManyFilterNodesInOneSelection_IsAValidationErrorNamingTheLimit()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        // Three 'in's of 900 values: each within its own limit, together past the selection's.
        var ids = Enumerable.Range(1, 900).ToArray();
        var body = await server.PostGraphQLAsync(
            "query($w: OrderFilter) { orders(where: $w) { id } }",
            HttpStatusCode.BadRequest,
            new { w = new { and = new[] { new { id = new { @in = ids } }, new { id = new { @in = ids } }, new { id = new { @in = ids } } } } });

        ((string)body["errors"]![0]!["message"]!).ShouldContain("MaxFilterNodes");
    }

    private static async Task<JsonArray> GetArrayAsync(StoreServer server, string selection)
    {
        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        return JsonNode.Parse(text)!.AsArray();
    }
}

/// <summary>On SQLite: the 999-variable limit, and the stack of its translator.</summary>
public sealed class SqliteFilterBoundsEndpointTests(SqliteStore store) : FilterBoundsEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresFilterBoundsEndpointTests(PostgresStore store) : FilterBoundsEndpointTests(store), IClassFixture<PostgresStore>;

using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// The database reads what a selection pages, not every row of the lists it pages: the probe of issue 29 (nested
/// <c>first: 1</c> lists whose elements read a nested model, four levels deep) took 57-60 s of CPU on SQLite and 34 s
/// on PostgreSQL when such lists were paged in memory; now each level reads one row per parent.
/// </summary>
public abstract class DatabaseWorkEndpointTests(IStoreDatabase store)
{
    /// <summary>orders(first: 1) beside lines(first: 1)[product] under each order's customer, <paramref name="depth"/> levels deep.</summary>
    public static string Probe(int depth)
    {
        string level = "orders(first: 1)[lines(first: 1)[product]]";
        for (int i = 1; i < depth; i++)
        {
            level = $"orders(first: 1)[lines(first: 1)[product],customer[{level}]]";
        }

        return $"[customer[{level}]]";
    }

    [StoreFact]
    public async Task Get_TheDepthFourProbe_ReadsOneRowPerOrder()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        await GetAsync(server, "/orders", Probe(4));

        // One statement, whose reader returns one row per order (and the read that finds the end): each paged list
        // read one row per parent, so nothing multiplied. Paged in memory, the same request read every order of each
        // customer at every level, and every line of each.
        store.Sql.Commands.ShouldHaveSingleItem();
        (await RowsReadAsync()).ShouldHaveSingleItem().ShouldBe(80 + 1);
    }

    [StoreFact]
    public async Task Post_TheDepthFourProbe_ReadsOneRowPerOrder_AndWritesOneOrderPerList()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var projected = await server.PostGraphQLAsync(Document("orders", Probe(4)), HttpStatusCode.OK);

        projected["errors"].ShouldBeNull(projected.ToJsonString());
        (await RowsReadAsync()).ShouldHaveSingleItem().ShouldBe(80 + 1);
        var orders = projected["data"]!["orders"]!.AsArray();
        orders.Count.ShouldBe(80);
        // Four levels of customers' orders under each root, each a page of one with one line (the same arguments are
        // held to the in-memory path by ProjectionDifferentialTests).
        Lists(orders, "orders").ShouldAllBe(list => list.Count <= 1);
        Lists(orders, "lines").ShouldAllBe(list => list.Count <= 1);
        Lists(orders, "orders").Count(list => list.Count == 1).ShouldBe(80 * 4);
    }

    [StoreFact]
    public async Task Post_PagedListsWhoseElementsReadModels_ArePagedInTheSql_WithoutALateralJoin()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        string selection = "[customer[orders(first: 2, skip: 1, orderBy: {placedAt: DESC}, where: {id: {gte: 3}})[placedAt,lines(first: 1, orderBy: {quantity: DESC})[quantity,product]]]]";
        var projected = await server.PostGraphQLAsync(Document("orders", selection), HttpStatusCode.OK);

        string sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("EXISTS", Case.Sensitive, sql);
        sql.ShouldContain("LIMIT", Case.Sensitive, sql);
        sql.ShouldNotContain("LATERAL", Case.Sensitive, sql);
        // The page: the customer's orders from id 3, newest first, less the newest; each with its largest line.
        await using var db = store.CreateContext();
        var expected = db.Orders.OrderBy(o => o.Id).Select(o => o.Customer.Orders.Where(c => c.Id >= 3).OrderByDescending(c => c.PlacedAt).ThenBy(c => c.Id).Skip(1).Take(2).Select(c => c.Id).ToList()).ToList();
        var written = projected["data"]!["orders"]!.AsArray().Select(o => o!["customer"]!["orders"]!.AsArray().Select(c => (string)c!["placedAt"]!).ToList()).ToList();
        written.Select(list => list.Count).ShouldBe(expected.Select(list => list.Count));
        Lists(projected["data"]!["orders"]!.AsArray(), "lines").ShouldAllBe(list => list.Count <= 1);
    }

    /// <summary>Every array named <paramref name="name"/> anywhere under <paramref name="node"/>.</summary>
    private static List<JsonArray> Lists(JsonNode? node, string name)
    {
        var found = new List<JsonArray>();
        Collect(node);
        return found;

        void Collect(JsonNode? current)
        {
            if (current is JsonObject item)
            {
                foreach (var (key, value) in item)
                {
                    if (key == name && value is JsonArray list)
                    {
                        found.Add(list);
                    }

                    Collect(value);
                }
            }
            else if (current is JsonArray array)
            {
                foreach (var element in array)
                {
                    Collect(element);
                }
            }
        }
    }

    /// <summary>The include selection <paramref name="selection"/> as a GraphQL document on the root field <paramref name="field"/>.</summary>
    private static string Document(string field, string selection) =>
        "{ " + field + " " + selection.Replace("[", " { ").Replace("]", " } ").Replace(",", " ") + " }";

    /// <summary>The rows each reader returned, once the query's reader is disposed (just after the response ends).</summary>
    private async Task<int[]> RowsReadAsync()
    {
        var deadline = DateTime.UtcNow.AddSeconds(10);
        while (store.Sql.ReadersDisposed.IsEmpty && DateTime.UtcNow < deadline)
        {
            await Task.Delay(10);
        }

        return store.Sql.ReadersDisposed.ToArray();
    }

    private static async Task<string> GetAsync(StoreServer server, string path, string selection)
    {
        using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        return text;
    }
}

/// <summary>The database-work tests on SQLite in memory.</summary>
public sealed class SqliteDatabaseWorkEndpointTests(SqliteStore store) : DatabaseWorkEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>The database-work tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresDatabaseWorkEndpointTests(PostgresStore store) : DatabaseWorkEndpointTests(store), IClassFixture<PostgresStore>;

using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Relay connections at /graphql over EF Core, through Kestrel: <c>ordersConnection</c> reads a page in one statement
/// (a seek after the cursor, one row more than the page, no OFFSET), counts with one <c>COUNT</c> over the client's
/// filter only when <c>totalCount</c> is selected, walks every order once even when one is inserted between pages,
/// answers the same from a list in memory, and refuses a forged cursor or a hidden field before any SQL.
/// </summary>
public abstract class ConnectionEndpointTests(IStoreDatabase store)
{
    private const string Page = """
        query($first: Int, $after: String) {
          ordersConnection(first: $first, after: $after, orderBy: {placedAt: DESC}) {
            edges { cursor node { id status } }
            pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          }
        }
        """;

    [StoreFact]
    public async Task Post_AConnectionPage_IsOneStatementReadingOneRowMore_WithoutCountOrOffset()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        var first = await server.PostGraphQLAsync(Page, HttpStatusCode.OK, new { first = 5 });
        string after = (string)first["data"]!["ordersConnection"]!["pageInfo"]!["endCursor"]!;
        store.Sql.Clear();

        var second = await server.PostGraphQLAsync(Page, HttpStatusCode.OK, new { first = 5, after });

        string sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldNotContain("COUNT", Case.Insensitive);
        sql.ShouldNotContain("OFFSET", Case.Insensitive);
        sql.ShouldContain("\"PlacedAt\" <= @", Case.Sensitive, sql);
        store.Sql.ReadersDisposed.ShouldHaveSingleItem().ShouldBe(7, "the page of 5, one more to learn that another follows, and the read that found the end");
        await using var db = store.CreateContext();
        var expected = db.Orders.AsEnumerable().OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).Select(o => o.Id).ToList();
        var connection = second["data"]!["ordersConnection"]!;
        Ids(connection).ShouldBe(expected.Skip(5).Take(5));
        var pageInfo = connection["pageInfo"]!;
        ((bool)pageInfo["hasNextPage"]!).ShouldBeTrue();
        ((bool)pageInfo["hasPreviousPage"]!).ShouldBeTrue();
        ((string)pageInfo["startCursor"]!).ShouldBe((string)connection["edges"]![0]!["cursor"]!);
        ((string)pageInfo["endCursor"]!).ShouldBe((string)connection["edges"]![4]!["cursor"]!);
        ((bool)first["data"]!["ordersConnection"]!["pageInfo"]!["hasPreviousPage"]!).ShouldBeFalse();
    }

    [StoreFact]
    public async Task Post_TotalCount_IsOneCountOverTheFilter_IssuedOnlyWhenSelected()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        int shipped = db.Orders.Count(o => o.Status == "shipped");
        var first = await server.PostGraphQLAsync("{ ordersConnection(first: 3, where: {status: {eq: \"shipped\"}}) { pageInfo { endCursor } } }", HttpStatusCode.OK);
        string after = (string)first["data"]!["ordersConnection"]!["pageInfo"]!["endCursor"]!;
        store.Sql.Clear();

        var counted = await server.PostGraphQLAsync(
            "query($after: String) { ordersConnection(first: 3, after: $after, where: {status: {eq: \"shipped\"}}) { totalCount edges { node { id } } } }",
            HttpStatusCode.OK,
            new { after });

        ((int)counted["data"]!["ordersConnection"]!["totalCount"]!).ShouldBe(shipped, "the total counts every page, not what follows the cursor");
        store.Sql.Commands.Count.ShouldBe(2, string.Join("\n---\n", store.Sql.Commands));
        string count = store.Sql.Commands[0];
        count.ShouldContain("COUNT(*)", Case.Insensitive, count);
        count.ShouldContain("\"Status\" = @", Case.Sensitive, count);
        count.ShouldNotContain("ORDER BY", Case.Insensitive, count);
        count.ShouldNotContain("LIMIT", Case.Insensitive, count);
        store.Sql.Commands[1].ShouldNotContain("COUNT", Case.Insensitive);
    }

    [StoreFact]
    public async Task Post_TotalCountAlone_IsTheCountOnly()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        int total = db.Orders.Count();
        store.Sql.Clear();

        var counted = await server.PostGraphQLAsync("{ ordersConnection { totalCount } }", HttpStatusCode.OK);

        ((int)counted["data"]!["ordersConnection"]!["totalCount"]!).ShouldBe(total);
        store.Sql.Commands.ShouldHaveSingleItem().ShouldContain("COUNT(*)", Case.Insensitive);
    }

    [StoreFact]
    public async Task Post_WalkingEveryPage_ReadsEachOrderOnce_EvenWithAnOrderInsertedBetweenPages()
    {
        await WalkAsync("ordersConnection");
        await WalkAsync("memoryOrdersConnection");
    }

    private async Task WalkAsync(string field)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        string query = $$"""
            query($after: String) {
              {{field}}(first: 7, after: $after, orderBy: {placedAt: ASC}) {
                totalCount edges { node { id } } pageInfo { hasNextPage endCursor }
              }
            }
            """;
        var read = new List<int>();
        string? after = null;
        const int inserted = 10_000;
        try
        {
            for (int pages = 0; pages < 100; pages++)
            {
                var connection = (await server.PostGraphQLAsync(query, HttpStatusCode.OK, new { after }))["data"]![field]!;
                read.AddRange(Ids(connection));
                if (pages == 1)
                {
                    // Placed before every order: it sorts before the cursor, so no page shifts and nothing repeats.
                    await using var writer = store.CreateContext();
                    writer.Orders.Add(new Order { Id = inserted, PlacedAt = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc), Status = "open", CustomerId = 1 });
                    await writer.SaveChangesAsync();
                }

                if (!(bool)connection["pageInfo"]!["hasNextPage"]!)
                {
                    break;
                }

                after = (string)connection["pageInfo"]!["endCursor"]!;
            }

            await using var db = store.CreateContext();
            var expected = db.Orders.Where(o => o.Id != inserted).AsEnumerable().OrderBy(o => o.PlacedAt).ThenBy(o => o.Id).Select(o => o.Id);
            read.ShouldBe(expected, field);
        }
        finally
        {
            await using var cleanup = store.CreateContext();
            cleanup.Orders.RemoveRange(cleanup.Orders.Where(o => o.Id == inserted));
            await cleanup.SaveChangesAsync();
        }
    }

    [StoreFact]
    public async Task Post_TheSameConnection_FromMemory_AnswersWhatTheDatabaseAnswers()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Shape = "(first: 4, orderBy: {status: DESC}, where: {id: {gt: 10}}) { totalCount edges { cursor node { id status lines(first: 1) { quantity } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }";

        var database = await server.PostGraphQLAsync("{ c: ordersConnection" + Shape + " }", HttpStatusCode.OK);
        var memory = await server.PostGraphQLAsync("{ c: memoryOrdersConnection" + Shape + " }", HttpStatusCode.OK);

        memory.ToJsonString().ShouldBe(database.ToJsonString());
    }

    [StoreFact]
    public async Task Post_AForgedCursor_IsAnErrorWithItsPosition_BeforeAnySql()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var forged = await server.PostGraphQLAsync("{ ordersConnection(first: 3, after: \"AAAA\") { edges { cursor } } }", HttpStatusCode.BadRequest);

        var error = forged["errors"]![0]!;
        ((string)error["message"]!).ShouldContain("not a cursor this API issued");
        ((int)error["locations"]![0]!["column"]!).ShouldBe(30);
        store.Sql.Commands.ShouldBeEmpty();
    }

    [StoreFact]
    public async Task Post_ANeverField_IsAsUnknownInsideAConnection_AsInAPlainList()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        foreach (string query in new[]
        {
            "{ ordersConnection { edges { node { id internalNote } } } }",
            "{ ordersConnection(where: {internalNote: {eq: \"x\"}}) { totalCount } }",
            "{ ordersConnection(orderBy: {internalNote: ASC}) { totalCount } }",
        })
        {
            await NeverFieldIsUnknownAsync(server, query);
        }
    }

    private async Task NeverFieldIsUnknownAsync(StoreServer server, string query)
    {
        string plain = query.Replace("ordersConnection", "orders", StringComparison.Ordinal).Replace("{ edges { node { id internalNote } } }", "{ id internalNote }", StringComparison.Ordinal).Replace("{ totalCount }", "{ id }", StringComparison.Ordinal);
        store.Sql.Clear();

        var paged = await server.PostGraphQLAsync(query, HttpStatusCode.BadRequest);
        var listed = await server.PostGraphQLAsync(plain, HttpStatusCode.BadRequest);

        string message = (string)paged["errors"]![0]!["message"]!;
        message.ShouldBe((string)listed["errors"]![0]!["message"]!);
        message.ShouldContain("internalNote");
        store.Sql.Commands.ShouldBeEmpty();
    }

    [StoreFact]
    public async Task Post_ConnectionFields_AreOfferedOnlyWherePopcornPages()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var paged = await server.PostGraphQLAsync("{ pagedOrdersConnection(first: 2) { totalCount } }", HttpStatusCode.BadRequest);
        var last = await server.PostGraphQLAsync("{ ordersConnection(last: 2) { totalCount } }", HttpStatusCode.BadRequest);

        ((string)paged["errors"]![0]!["message"]!).ShouldContain("pagedOrdersConnection");
        ((string)last["errors"]![0]!["message"]!).ShouldContain("last");
    }

    private static IEnumerable<int> Ids(JsonNode connection) =>
        connection["edges"]!.AsArray().Select(e => (int)e!["node"]!["id"]!).ToList();
}

/// <summary>On SQLite.</summary>
public sealed class SqliteConnectionEndpointTests(SqliteStore store) : ConnectionEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresConnectionEndpointTests(PostgresStore store) : ConnectionEndpointTests(store), IClassFixture<PostgresStore>;

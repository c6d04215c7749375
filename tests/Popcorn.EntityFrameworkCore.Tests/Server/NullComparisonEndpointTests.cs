using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// <c>null</c> compared with a field that cannot be null (an <c>int</c>, a <c>DateTime</c>, a non-nullable string):
/// the input types declare every comparison's operand nullable, so it is a valid request with C#'s answer (equal to
/// null: never; unequal: always; a null in <c>in</c> matches nothing), in SQL and in memory alike, on both transports;
/// it used to be a 500 with an empty body (<c>Argument types do not match</c>).
/// </summary>
public abstract class NullComparisonEndpointTests(IStoreDatabase store)
{
    private static readonly (string Where, int Rows)[] s_cases =
    [
        ("{id: null}", 0), ("{id: {eq: null}}", 0), ("{id: {neq: null}}", 80), ("{id: {in: [null]}}", 0), ("{id: {in: [null, 3]}}", 1),
        ("{placedAt: null}", 0), ("{placedAt: {neq: null}}", 80), ("{status: {eq: null}}", 0), ("{or: [{id: {eq: null}}, {id: {eq: 5}}]}", 1),
    ];

    [StoreFact]
    public async Task NullAgainstAFieldThatCannotBeNull_IsCSharpsAnswer_OnBothTransportsAndPaths()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        foreach (var (where, rows) in s_cases)
        {
            await CheckAsync(server, where, rows);
        }
    }

    private static async Task CheckAsync(StoreServer server, string where, int rows)
    {
        foreach (string path in new[] { "/orders", "/memory/orders" })
        {
            using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString($"(where: {where})[id]"));
            string text = await response.Content.ReadAsStringAsync();
            response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
            JsonNode.Parse(text)!.AsArray().Count.ShouldBe(rows, $"{path} {text}");
        }

        var body = await server.PostGraphQLAsync("{ orders(where: " + where.Replace("{id: null}", "{id: {eq: null}}", StringComparison.Ordinal).Replace("{placedAt: null}", "{placedAt: {eq: null}}", StringComparison.Ordinal) + ") { id } }", HttpStatusCode.OK);
        body["data"]!["orders"]!.AsArray().Count.ShouldBe(rows, where);
    }

    [StoreFact]
    public async Task NullThroughAVariable_ForAComparison_IsCSharpsAnswer()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync(
            "query($v: Int, $d: String) { a: orders(where: {id: {eq: $v}}) { id } b: orders(where: {placedAt: {neq: $d}}) { id } }",
            HttpStatusCode.OK,
            new { v = (int?)null, d = (string?)null });

        body["data"]!["a"]!.AsArray().ShouldBeEmpty();
        body["data"]!["b"]!.AsArray().Count.ShouldBe(80);
    }

    [StoreFact]
    public async Task NullWithAnOrderingComparison_Answers400WithItsPosition()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(where: {id: {gt: null}})[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        JsonNode.Parse(text)!["column"].ShouldNotBeNull(text);
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteNullComparisonEndpointTests(SqliteStore store) : NullComparisonEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresNullComparisonEndpointTests(PostgresStore store) : NullComparisonEndpointTests(store), IClassFixture<PostgresStore>;

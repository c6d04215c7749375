using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary><c>not</c> through Kestrel: both selection syntaxes and <c>/graphql</c>, SQL and memory alike; an empty one is a 400 with its position.</summary>
public abstract class NotFilterEndpointTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Not_InBothSyntaxesAndAtGraphQL_KeepsTheSameRows_FromSqlAndFromMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Where = "{not: {or: [{status: {eq: \"open\"}}, {note: {gt: \"note 5\"}}]}}";

        var expected = await server.IdsAsync("/memory/orders", $"(where: {Where})[id]");
        expected.ShouldNotBeEmpty();
        (await server.IdsAsync("/orders", $"(where: {Where})[id]")).ShouldBe(expected);
        (await server.IdsAsync("/orders", $"(where: {Where}) {{ id }}")).ShouldBe(expected);
        var body = await server.PostGraphQLAsync($"{{ orders(where: {Where}) {{ id }} memoryOrders(where: {Where}) {{ id }} }}", HttpStatusCode.OK);
        StoreServer.Ids(body["data"]!["orders"]!).ShouldBe(expected);
        StoreServer.Ids(body["data"]!["memoryOrders"]!).ShouldBe(expected);
    }

    [StoreFact]
    public async Task AnEmptyNot_Answers400WithItsPosition_OnBothTransports()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(where: {not: {}})[id]"));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        ((int)JsonNode.Parse(text)!["column"]!).ShouldBe(10);

        var body = await server.PostGraphQLAsync("{ orders(where: {not: {}}) { id } }", HttpStatusCode.BadRequest);
        ((string)body["errors"]![0]!["message"]!).ShouldContain("'not' in 'where'");
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteNotFilterEndpointTests(SqliteStore store) : NotFilterEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresNotFilterEndpointTests(PostgresStore store) : NotFilterEndpointTests(store), IClassFixture<PostgresStore>;

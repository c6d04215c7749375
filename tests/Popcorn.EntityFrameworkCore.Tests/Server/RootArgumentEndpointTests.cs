using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// first/skip/orderBy/where on the root list (REST <c>?include=(first: 3)[...]</c>, a gateway root field's arguments):
/// in the root query for an <see cref="IQueryable{T}"/>, in memory for a list or an async sequence, with equal JSON.
/// </summary>
public sealed class RootArgumentEndpointTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    private const string Arguments = "(skip: 1, first: 3, orderBy: {placedAt: DESC}, where: {status: {neq: \"open\"}})";

    [Theory]
    [InlineData(Arguments + "[id,placedAt,lines(first: 2)[quantity]]")]
    [InlineData("(first: 2)[id,customer[name],lines[quantity,product[sku]]]")]
    [InlineData("(where: {or: [{id: 1}, {note: null}]}, orderBy: [{note: ASC}, {id: DESC}])[id,note]")]
    public async Task Get_RootArguments_ArePushedDownInOneCommand_AndEqualTheInMemoryPath(string selection)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        string queried = await GetAsync(server, "/orders", selection);

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain(selection.Contains("first") ? "LIMIT @" : "WHERE", Case.Sensitive, sql);
        sql.ShouldNotContain("'open'", Case.Sensitive, sql);
        string inMemory = await GetAsync(server, "/memory/orders", selection);
        string streamed = await GetAsync(server, "/stream/orders", selection);
        JsonNode.DeepEquals(JsonNode.Parse(queried), JsonNode.Parse(inMemory)).ShouldBeTrue($"{queried}\n{inMemory}");
        JsonNode.DeepEquals(JsonNode.Parse(streamed), JsonNode.Parse(inMemory)).ShouldBeTrue($"{streamed}\n{inMemory}");
    }

    [Fact]
    public async Task Get_RootArguments_SelectTheExpectedRows()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        var expected = db.Orders.AsEnumerable().Where(o => o.Status != "open").OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).Skip(1).Take(3).Select(o => o.Id).ToArray();

        var body = JsonNode.Parse(await GetAsync(server, "/orders", Arguments + "[id]"))!.AsArray();

        body.Select(o => (int)o!["id"]!).ShouldBe(expected);
    }

    [Theory]
    [InlineData("/orders", "(first: 1001)[id]", 2)]
    [InlineData("/orders", "(orderBy: {internalNote: ASC})[id]", 12)]
    [InlineData("/orders", "(where: {id: \"1 OR 1=1\"})[id]", 10)]
    [InlineData("/orders", "(top: 1)[id]", 2)]
    [InlineData("/memory/orders", "(first: -1)[id]", 2)]
    [InlineData("/orders/1", "(first: 1)[id]", 2)]
    public async Task Get_BadRootArgument_Answers400WithItsPosition_BeforeAnySql(string path, string selection, int column)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        ((int)problem["column"]!).ShouldBe(column, text);
        store.Sql.Commands.ShouldBeEmpty();
    }

    [Fact]
    public async Task Post_GatewayRootArguments_ArePushedDown_AndEqualTheInMemoryField()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var queried = await server.PostGraphQLAsync("{ orders(first: 3, orderBy: {placedAt: DESC}) { id lines(first: 2) { quantity } } }", HttpStatusCode.OK);

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("LIMIT @", Case.Sensitive, sql);
        sql.ShouldContain("\"PlacedAt\" DESC", Case.Sensitive, sql);
        var inMemory = await server.PostGraphQLAsync("{ orders: memoryOrders(first: 3, orderBy: {placedAt: DESC}) { id lines(first: 2) { quantity } } }", HttpStatusCode.OK);
        queried["data"]!["orders"]!.AsArray().Count.ShouldBe(3);
        JsonNode.DeepEquals(queried, inMemory).ShouldBeTrue($"{queried}\n{inMemory}");
    }

    [Fact]
    public async Task Post_GatewayRootArgumentsFromVariables_AreApplied()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync("query($n: Int, $by: [OrderSort!]) { orders(first: $n, orderBy: $by) { id } }", HttpStatusCode.OK, new { n = 2, by = new[] { new { id = "DESC" } } });

        var ids = body["data"]!["orders"]!.AsArray().Select(o => (int)o!["id"]!).ToArray();
        ids.Length.ShouldBe(2);
        ids[0].ShouldBeGreaterThan(ids[1]);
    }

    [Fact]
    public async Task Post_GatewayResolverThatDeclaresFirst_BindsItItself()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        // The resolver takes the first two; skip, which it does not declare, is Popcorn's, applied to what it returned.
        var body = await server.PostGraphQLAsync("{ pagedOrders(first: 2, skip: 1) { id } }", HttpStatusCode.OK);

        body["data"]!["pagedOrders"]!.AsArray().Select(o => (int)o!["id"]!).ShouldBe([2]);
    }


    [Fact]
    public async Task GetSchema_RootListField_HasTheListArguments()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("orders(first: Int, skip: Int, orderBy: [OrderSort!], where: OrderFilter, after: String): [Order!]!");
        sdl.ShouldContain("pagedOrders(first: Int!, skip: Int, orderBy: [OrderSort!], where: OrderFilter, after: String): [Order!]!");
    }

    private static async Task<string> GetAsync(StoreServer server, string path, string selection)
    {
        using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        return text;
    }
}

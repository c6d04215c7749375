using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>Arguments on list fields through Kestrel: applied once by the database, and every bad one a 400 with a position.</summary>
public sealed class ArgumentEndpointTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    [Theory]
    [InlineData("[status,lines(skip: 1, first: 2, orderBy: {quantity: DESC}, where: {quantity: {gte: 2}})[quantity]]")]
    [InlineData("{ status lines(skip: 1, first: 2, orderBy: {quantity: DESC}) { quantity product { sku } } }")]
    public async Task Get_ListArguments_AreAppliedOnceByTheDatabase(string selection)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(selection));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("\"Quantity\" DESC", Case.Sensitive, sql);
        await using var memory = store.CreateContext();
        var expected = await memory.Orders.Include(o => o.Lines.OrderBy(l => l.Id)).ThenInclude(l => l.Product).OrderBy(o => o.Id).ToListAsync();
        string body = await response.Content.ReadAsStringAsync();
        JsonNode.DeepEquals(JsonNode.Parse(body), JsonNode.Parse(Json.Write(expected, Json.Plan<Order>(selection)))).ShouldBeTrue(body);
    }

    [Theory]
    [InlineData("[lines(first: 1001)[id]]", 8)]
    [InlineData("[lines(orderBy: {internalNote: ASC})[id]]", 18)]
    [InlineData("[lines(orderBy: {unitPrice: ASC})[id]]", 18)]
    [InlineData("[lines(where: {quantity: \"1 OR 1=1\"})[id]]", 16)]
    [InlineData("[lines(where: {quantity: {like: 1}})[id]]", 27)]
    [InlineData("[lines(first: 1, first: 2)[id]]", 18)]
    [InlineData("[lines(top: 1)[id]]", 8)]
    [InlineData("[lines(orderBy: {id: \"ASC; DROP TABLE \\\"Orders\\\"\"})[id]]", 18)]
    public async Task Get_BadArgument_Answers400WithItsPosition_BeforeAnySql(string selection, int column)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(selection));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        ((int)problem["line"]!).ShouldBe(1);
        ((int)problem["column"]!).ShouldBe(column, problem.ToJsonString());
        problem.ToJsonString().ShouldNotContain("SELECT", Case.Sensitive);
        store.Sql.Commands.ShouldBeEmpty();
    }

    [Fact]
    public async Task Post_GatewayNestedArguments_AreValidatedAndPushedDown()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync("{ orders { id lines(first: 1, orderBy: [{quantity: DESC}], where: {quantity: {gte: 2}}) { quantity } } }", HttpStatusCode.OK);

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("\"Quantity\" DESC", Case.Sensitive, sql);
        body["data"]!["orders"]!.AsArray().ShouldAllBe(o => o!["lines"]!.AsArray().Count <= 1 && o["lines"]!.AsArray().All(l => (int)l!["quantity"]! >= 2));
    }

    [Theory]
    [InlineData("{ orders { lines(top: 1) { id } } }", "Unknown argument \"top\" on field \"Order.lines\".", 18)]
    [InlineData("{ orders { lines(where: {unitPrice: {gt: 1}}) { id } } }", "Field \"unitPrice\" is not defined by type \"OrderLineFilter\".", 26)]
    [InlineData("{ orders { lines(orderBy: {quantity: UP}) { id } } }", "Value \"UP\" does not exist in \"SortDirection\" enum.", 38)]
    [InlineData("{ orders { lines(first: 5000) { id } } }", "Argument 'first' on field 'lines' is 5000, above the largest page of 1000.", 18)]
    [InlineData("{ orders(top: 1) { id } }", "Unknown argument \"top\" on field \"Query.orders\".", 10)]
    [InlineData("{ orders(orderBy: {placedAt: UP}) { id } }", "Value \"UP\" does not exist in \"SortDirection\" enum.", 30)]
    [InlineData("{ orders(first: 5000) { id } }", "Argument 'first' on field '(root)' is 5000, above the largest page of 1000.", 10)]
    public async Task Post_GatewayBadArgument_OfANestedOrRootList_IsAnErrorWithItsLocation_BeforeAnySql(string query, string message, int column)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync(query, HttpStatusCode.BadRequest);

        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["message"]!).ShouldBe(message);
        ((int)error["locations"]![0]!["column"]!).ShouldBe(column);
        store.Sql.Commands.ShouldBeEmpty();
    }

}

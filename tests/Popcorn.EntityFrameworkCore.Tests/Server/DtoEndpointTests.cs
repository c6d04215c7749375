using System.Net;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>Endpoints that return the app's own DTO query, through Kestrel: the SQL, the JSON, the warnings.</summary>
public sealed class DtoEndpointTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    [Fact]
    public async Task Get_DtoQuery_ReadsOnlyTheSelectedMembersAndWritesTheSameJson()
    {
        const string selection = "[status,customer[name]]";
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/cards?include=" + Uri.EscapeDataString(selection));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        foreach (string unread in new[] { "COUNT", "\"Email\"", "\"Note\"", "\"InternalNote\"", "\"Quantity\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }

        await using var memory = store.CreateContext();
        var expected = Json.Write(await OrderCards.Of(memory).ToListAsync(), Json.Plan<OrderCard>(selection));
        JsonNode.DeepEquals(JsonNode.Parse(await response.Content.ReadAsStringAsync()), JsonNode.Parse(expected)).ShouldBeTrue();
    }

    [Fact]
    public async Task Get_DtoQueryThatCannotBeNarrowed_AnswersCorrectlyAndWarnsOnce()
    {
        var logs = new WarningCapture();
        await using var server = await StoreServer.StartAsync(store.CreateContext, logs: logs);

        for (int i = 0; i < 3; i++)
        {
            using var response = await server.Client.GetAsync("/cards/with-lines?include=" + Uri.EscapeDataString("[id]"));
            response.StatusCode.ShouldBe(HttpStatusCode.OK);
            JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBeGreaterThan(0);
        }

        logs.Messages.Count(m => m.Contains("cannot be pushed down", StringComparison.Ordinal)).ShouldBe(1);
    }

    [Fact]
    public async Task Get_DtoRootFilteredThroughItsList_IsAnsweredInMemory_AsTheEntityEndpointAnswersInSql()
    {
        const string selection = "(where: {lines: {some: {quantity: {gte: 5}}}})[id]";
        var logs = new WarningCapture();
        await using var server = await StoreServer.StartAsync(store.CreateContext, logs: logs);

        int[] fromSql = await server.IdsAsync("/orders", selection);
        int[] fromDtos = await server.IdsAsync("/cards", selection);
        await server.IdsAsync("/cards", selection);

        // Narrowing the Select could drop the line quantities the filter reads: the query runs as written, the
        // filter applies to the DTOs it made, and the refusal is logged once, not per request.
        fromSql.ShouldNotBeEmpty();
        fromDtos.ShouldBe(fromSql);
        logs.Messages.Count(m => m.Contains("filters through a reference or list of the DTO", StringComparison.Ordinal)).ShouldBe(1);
    }

    [Fact]
    public async Task Get_DtoAggregate_IsCountedFromTheDtosOwnLists_AsTheEntityEndpointCountsInSql()
    {
        const string selection = "[id,linesAggregate(where: {quantity: {gte: 5}})[count],all: linesAggregate[count]]";
        var logs = new WarningCapture();
        await using var server = await StoreServer.StartAsync(store.CreateContext, logs: logs);

        var fromSql = await CountsAsync(server, "/orders", selection);
        var fromDtos = await CountsAsync(server, "/cards", selection);
        await CountsAsync(server, "/cards", selection);

        // The grouped statement needs an entity's key, so a DTO query's aggregates are refused and counted in memory
        // from the lists its own Select loads (AggregateIncludes leaves a query that is not an entity's as it is).
        fromSql.ShouldNotBeEmpty();
        fromSql.ShouldContain(c => c.Matching > 0 && c.Matching < c.All);
        fromDtos.ShouldBe(fromSql);
        logs.Messages.ShouldHaveSingleItem().ShouldContain("'linesAggregate' aggregates 'OrderCard.lines: List<LineCard>', which is pushed down for entity queries only."); // once, not per request
    }

    private static async Task<(int Id, int Matching, int All)[]> CountsAsync(StoreServer server, string path, string selection)
    {
        using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        return JsonNode.Parse(text)!.AsArray()
            .Select(o => ((int)o!["id"]!, (int)o["linesAggregate"]!["count"]!, (int)o["all"]!["count"]!))
            .OrderBy(c => c.Item1)
            .ToArray();
    }
}

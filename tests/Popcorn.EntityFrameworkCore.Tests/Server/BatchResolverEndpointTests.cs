using System.Net;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A <c>[BatchResolved]</c> member of an app's DTO query, through Kestrel: the query reads only the selected columns
/// (the resolved one is not the database's, and nothing falls back to loading whole rows), then the resolver's one
/// grouped statement on the same request's <c>DbContext</c> (after the rows' reader closed, as PostgreSQL requires).
/// </summary>
public abstract class BatchResolverEndpointTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Get_ResolvedMember_NotInTheProjection_OneGroupedStatementForEveryRow()
    {
        var logs = new WarningCapture();
        await using var server = await StoreServer.StartAsync(store.CreateContext, logs: logs);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/scored-cards?include=" + Uri.EscapeDataString("[id,quantity]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(2, string.Join("\n\n", commands));
        commands[0].ShouldNotContain("\"Status\"", customMessage: commands[0]);
        commands[0].ShouldNotContain("\"Note\"", customMessage: commands[0]);
        commands[1].ShouldContain("GROUP BY", Case.Insensitive, commands[1]);
        logs.Messages.ShouldBeEmpty();
        (await QuantitiesAsync(JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray())).ShouldBeTrue();
    }

    [StoreFact]
    public async Task Post_ResolvedMemberAtGraphQL_TheSameFromTheSameTwoStatements()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var answer = await server.PostGraphQLAsync("{ scoredCards(first: 5) { id status quantity } }", HttpStatusCode.OK);

        answer["errors"].ShouldBeNull();
        var cards = answer["data"]!["scoredCards"]!.AsArray();
        cards.Count.ShouldBe(5);
        store.Sql.Commands.Count.ShouldBe(2);
        (await QuantitiesAsync(cards)).ShouldBeTrue();
    }

    /// <summary>Whether each card's quantity is its order's sum of line quantities, read here directly.</summary>
    private async Task<bool> QuantitiesAsync(JsonArray cards)
    {
        await using var db = store.CreateContext();
        var sums = await db.OrderLines.GroupBy(l => l.OrderId).Select(g => new { g.Key, Sum = g.Sum(l => l.Quantity) }).ToDictionaryAsync(g => g.Key, g => g.Sum);
        cards.Count.ShouldBeGreaterThan(0);
        foreach (var card in cards)
        {
            int id = card!["id"]!.GetValue<int>();
            card["quantity"]!.GetValue<int>().ShouldBe(sums.GetValueOrDefault(id), $"order {id}");
        }

        return true;
    }
}

public sealed class SqliteBatchResolverEndpointTests(SqliteStore store) : BatchResolverEndpointTests(store), IClassFixture<SqliteStore>;

public sealed class PostgresBatchResolverEndpointTests(PostgresStore store) : BatchResolverEndpointTests(store), IClassFixture<PostgresStore>;

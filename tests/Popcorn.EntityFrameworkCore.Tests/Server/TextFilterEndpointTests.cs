using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Text filters through Kestrel: the include syntax, the GraphQL-like selection and <c>/graphql</c> (literals and
/// variables) give the same rows from SQL and from memory; a text comparison on a field that is not text is a 400 or a
/// GraphQL validation error with its position, never a 5xx; the input types show the operators and the mode.
/// </summary>
public abstract class TextFilterEndpointTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task TextFilters_InBothSyntaxesAndAtGraphQL_KeepTheSameRows_FromSqlAndFromMemory()
    {
        await TextNotes.WriteAsync(store);
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        foreach (string selection in new[] { "(where: {note: {contains: \"gift\", mode: INSENSITIVE}})[id]", "(where: {note: {contains: \"gift\", mode: INSENSITIVE}}) { id }" })
        {
            foreach (string path in new[] { "/orders", "/memory/orders", "/stream/orders" })
            {
                (await server.IdsAsync(path, selection)).ShouldBe([1, 6, 7], path + " " + selection);
            }
        }

        var literal = await server.PostGraphQLAsync("{ orders(where: {note: {startsWith: \"gift\", mode: INSENSITIVE}}) { id } memoryOrders(where: {note: {startsWith: \"gift\"}}) { id } }", HttpStatusCode.OK);
        StoreServer.Ids(literal["data"]!["orders"]!).ShouldBe([1, 6, 7]);
        StoreServer.Ids(literal["data"]!["memoryOrders"]!).ShouldBe([7]);

        var variables = await server.PostGraphQLAsync(
            "query($text: String, $mode: TextMatchMode) { orders(where: {note: {endsWith: $text, mode: $mode}}) { id } memoryOrders(where: {note: {endsWith: $text, mode: $mode}}) { id } }",
            HttpStatusCode.OK,
            new { text = "ANNE", mode = "INSENSITIVE" });
        StoreServer.Ids(variables["data"]!["orders"]!).ShouldBe([6]);
        StoreServer.Ids(variables["data"]!["memoryOrders"]!).ShouldBe([6]);
    }

    [StoreFact]
    public async Task APercentInTheValue_MatchesOnlyAPercent_OverRest()
    {
        await TextNotes.WriteAsync(store);
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        (await server.IdsAsync("/orders", "(where: {note: {contains: \"%\"}})[id]")).ShouldBe([1, 8]);
        (await server.IdsAsync("/orders", "(where: {note: {endsWith: \"_off\", mode: INSENSITIVE}})[id]")).ShouldBe([8]);
    }

    [StoreFact]
    public async Task ATextComparisonOnADate_Answers400WithItsPosition_AndAGraphQLErrorAtGraphQL()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(where: {placedAt: {contains: \"2026\"}})[id]"));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        ((string)problem["detail"]!).ShouldContain("Field 'placedAt' is a DateTime: 'contains' compares text");
        ((int)problem["column"]!).ShouldBe(21);

        // At /graphql a date field's comparison is typed by its scalar, which offers no text operators: a validation error.
        var body = await server.PostGraphQLAsync("{ orders(where: {placedAt: {startsWith: \"2026\"}}) { id } }", HttpStatusCode.BadRequest);
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["message"]!).ShouldBe("Field \"startsWith\" is not defined by type \"IsoDateTimeComparison\".");
        ((int)error["locations"]![0]!["column"]!).ShouldBe(29);
        body["data"].ShouldBeNull();
    }

    [StoreFact]
    public async Task AnUnknownMode_IsAValidationErrorAtGraphQL()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync("{ orders(where: {note: {contains: \"a\", mode: LOOSE}}) { id } }", HttpStatusCode.BadRequest);

        ((string)body["errors"]![0]!["message"]!).ShouldContain("LOOSE");
    }

    [StoreFact]
    public async Task TheInputTypes_OfferTheTextComparisonsAndTheMode()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync("{ s: __type(name: \"StringComparison\") { inputFields { name type { name } } } m: __type(name: \"TextMatchMode\") { enumValues { name } } }", HttpStatusCode.OK);

        var fields = body["data"]!["s"]!["inputFields"]!.AsArray().Select(f => (string)f!["name"]!).ToArray();
        fields.ShouldBe(["eq", "neq", "gt", "gte", "lt", "lte", "in", "contains", "startsWith", "endsWith", "mode"]);
        body["data"]!["m"]!["enumValues"]!.AsArray().Select(v => (string)v!["name"]!).ShouldBe(["SENSITIVE", "INSENSITIVE"]);
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteTextFilterEndpointTests(SqliteStore store) : TextFilterEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresTextFilterEndpointTests(PostgresStore store) : TextFilterEndpointTests(store), IClassFixture<PostgresStore>;

using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// The measures of an aggregate (<c>entriesAggregate { max { margin } }</c>) over a field a policy protects: typed in
/// the SDL and <c>/popcorn/schema</c> only for a caller who may see the field, answered only to that caller, and refused
/// to any other exactly as a name that does not exist (docs/data.md, "Aggregates").
/// </summary>
public class MeasureAuthorizationTests(AccountsServer server) : IClassFixture<AccountsServer>
{
    [Fact]
    public async Task Sdl_DeclaresAProtectedFieldInTheMeasureTypes_OnlyForACallerWhoMaySeeIt()
    {
        string allowed = await (await server.GetAsync("/graphql/schema.graphql", roles: "audit")).Content.ReadAsStringAsync();
        string refused = await (await server.GetAsync("/graphql/schema.graphql")).Content.ReadAsStringAsync();

        allowed.ShouldContain("type LedgerEntrySums {");
        allowed.ShouldContain("margin: Float\n");
        refused.ShouldContain("type LedgerEntrySums {");
        refused.ShouldContain("amount: Float\n");
        refused.ShouldNotContain("margin", Case.Sensitive);
    }

    [Fact]
    public async Task PopcornSchema_DescribesAProtectedFieldInTheMeasureTypes_OnlyToACallerWhoMaySeeIt()
    {
        string allowed = await (await server.GetAsync("/popcorn/schema", roles: "audit")).Content.ReadAsStringAsync();
        string refused = await (await server.GetAsync("/popcorn/schema")).Content.ReadAsStringAsync();

        allowed.ShouldContain("\"LedgerEntryMaxima\"");
        allowed.ShouldContain("\"margin\"");
        refused.ShouldContain("\"LedgerEntryMaxima\"");
        refused.ShouldNotContain("margin");
    }

    [Fact]
    public async Task OpenApi_TypesTheAggregateBesideItsList_WithAProtectedFieldOnlyForACallerWhoMaySeeIt()
    {
        var allowed = JsonNode.Parse(await (await server.GetAsync("/openapi/v1.json", roles: "audit")).Content.ReadAsStringAsync())!;
        var refused = JsonNode.Parse(await (await server.GetAsync("/openapi/v1.json")).Content.ReadAsStringAsync())!;

        var properties = allowed["components"]!["schemas"]!["Ledger"]!["properties"]!.AsObject();
        properties.Select(p => p.Key).ShouldBe(["id", "entries", "entriesAggregate"]);
        var aggregate = properties["entriesAggregate"]!;
        aggregate["properties"]!["count"]!["type"]!.GetValue<string>().ShouldBe("integer");
        aggregate["properties"]!["sum"]!["properties"]!.AsObject().Select(p => p.Key).ShouldBe(["id", "amount", "margin"]);
        aggregate["properties"]!["max"]!["properties"]!["id"]!["type"]!.ToJsonString().ShouldBe("""["null","integer"]""");
        var hidden = refused["components"]!["schemas"]!["Ledger"]!["properties"]!["entriesAggregate"]!;
        hidden["properties"]!["sum"]!["properties"]!.AsObject().Select(p => p.Key).ShouldBe(["id", "amount"]);
        refused.ToJsonString().ShouldNotContain("margin");
    }

    [Fact]
    public async Task Graphql_MeasureOfAProtectedField_IsAnsweredWithTheRole_AndRefusedLikeAnUnknownFieldWithout()
    {
        const string Query = "{ ledgers { entriesAggregate { sum { amount NAME } max { NAME } } } }";

        var allowed = await server.GraphQLAsync(Query.Replace("NAME", "margin"), roles: "audit");
        var refused = await server.GraphQLAsync(Query.Replace("NAME", "margin"));
        var unknown = await server.GraphQLAsync(Query.Replace("NAME", "marqin"));

        allowed.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await allowed.Content.ReadAsStringAsync()).ShouldBe("""{"data":{"ledgers":[{"entriesAggregate":{"sum":{"amount":30.5,"margin":7},"max":{"margin":4}}}]}}""");
        refused.StatusCode.ShouldBe(unknown.StatusCode);
        (await refused.Content.ReadAsStringAsync()).Replace("margin", "X").ShouldBe((await unknown.Content.ReadAsStringAsync()).Replace("marqin", "X"));
    }

    [Fact]
    public async Task Rest_MeasureOfAProtectedField_IsAnsweredWithTheRole_AndRefusedLikeAnUnknownFieldWithout()
    {
        var allowed = await server.GetAsync("/ledgers?include=[entriesAggregate[avg[margin]]]", roles: "audit");
        var refused = await server.GetAsync("/ledgers?include=[entriesAggregate[avg[margin]]]");
        var unknown = await server.GetAsync("/ledgers?include=[entriesAggregate[avg[marqin]]]");

        (await allowed.Content.ReadAsStringAsync()).ShouldBe("""[{"id":1,"entriesAggregate":{"avg":{"margin":3.5}}}]""");
        refused.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        WithoutTraceId(await refused.Content.ReadAsStringAsync()).Replace("margin", "X").ShouldBe(WithoutTraceId(await unknown.Content.ReadAsStringAsync()).Replace("marqin", "X"));
    }

    private static string WithoutTraceId(string problem) => System.Text.RegularExpressions.Regex.Replace(problem, "\"traceId\":\"[^\"]*\"", "\"traceId\":\"\"");
}

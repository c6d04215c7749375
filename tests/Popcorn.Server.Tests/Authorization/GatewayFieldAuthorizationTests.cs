using Microsoft.Extensions.DependencyInjection;
using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// <c>/graphql</c>, the SDL, introspection and the schema tools with <c>[PopcornAuthorize]</c> fields on real Kestrel:
/// a caller a policy refuses never sees its fields in data, errors, suggestions or any description of the schema.
/// </summary>
public class GatewayFieldAuthorizationTests(AccountsServer server) : IClassFixture<AccountsServer>
{
    private static async Task<JsonNode> Json(HttpResponseMessage response) => JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

    [Fact]
    public async Task Query_WithTheRole_ReturnsTheProtectedField()
    {
        var body = await Json(await server.GraphQLAsync("{ account(id: 1) { name creditLimit } }", roles: "sales"));

        body.ToJsonString().ShouldBe("""{"data":{"account":{"name":"Acme","creditLimit":25000}}}""");
    }

    [Fact]
    public async Task Query_WithoutTheRole_IsRefusedExactlyLikeAnUnknownField()
    {
        var refused = await server.GraphQLAsync("{ account(id: 1) { name creditLimit } }");
        var unknown = await server.GraphQLAsync("{ account(id: 1) { name creditLimiq } }");

        refused.StatusCode.ShouldBe(unknown.StatusCode);
        (await refused.Content.ReadAsStringAsync()).Replace("creditLimit", "NAME").ShouldBe((await unknown.Content.ReadAsStringAsync()).Replace("creditLimiq", "NAME"));
    }

    [Fact]
    public async Task Validation_WithoutTheRole_NeverSuggestsTheProtectedField_EvenAfterTheDocumentWasValidForAnother()
    {
        // Valid for a caller with the role first, so the document is in the validated-documents cache.
        (await server.GraphQLAsync("{ account(id: 1) { creditLimit } }", roles: "sales")).StatusCode.ShouldBe(HttpStatusCode.OK);

        var refused = await Json(await server.GraphQLAsync("{ account(id: 1) { creditLimit } }"));
        var typo = await Json(await server.GraphQLAsync("{ account(id: 1) { creditLimi } }"));

        refused["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Cannot query field \"creditLimit\" on type \"Account\".");
        refused["data"].ShouldBeNull();
        typo.ToJsonString().ShouldNotContain("creditLimit");
    }

    [Fact]
    public async Task Wildcard_WithoutTheRole_LeavesTheFieldOut_AndTheOperationCacheKeepsCallersApart()
    {
        const string query = "{ accounts { __all } }";

        string allowed = (await Json(await server.GraphQLAsync(query, roles: "sales"))).ToJsonString();
        string refused = (await Json(await server.GraphQLAsync(query))).ToJsonString();
        string allowedAgain = (await Json(await server.GraphQLAsync(query, roles: "sales"))).ToJsonString();

        allowed.ShouldContain("\"creditLimit\":25000");
        refused.ShouldNotContain("creditLimit");
        allowedAgain.ShouldBe(allowed);
    }

    [Fact]
    public async Task RootFieldsSharingAPolicy_DecideEachPolicyOncePerRequest()
    {
        int sales = server.EvaluationsOf(AccountsServer.Sales);
        int hr = server.EvaluationsOf(AccountsServer.Hr);

        (await server.GraphQLAsync("{ a: accounts { creditLimit } b: account(id: 2) { creditLimit } branches { city } }", roles: "sales")).StatusCode.ShouldBe(HttpStatusCode.OK);

        (server.EvaluationsOf(AccountsServer.Sales) - sales).ShouldBe(1);
        (server.EvaluationsOf(AccountsServer.Hr) - hr).ShouldBe(1);
    }

    [Fact]
    public async Task AnOperationTouchingNoProtectedField_EvaluatesNoPolicy()
    {
        int before = server.Evaluations.Values.Sum();

        (await server.GraphQLAsync("{ branches { __full } accounts { id name owner { name } } }", roles: "sales")).StatusCode.ShouldBe(HttpStatusCode.OK);

        server.Evaluations.Values.Sum().ShouldBe(before);
    }

    [Fact]
    public async Task Introspection_ListsTheProtectedFieldOnlyForACallerWhoMaySeeIt()
    {
        const string query = """{ __type(name: "Account") { fields { name } } }""";

        string allowed = (await Json(await server.GraphQLAsync(query, roles: "sales"))).ToJsonString();
        string refused = (await Json(await server.GraphQLAsync(query))).ToJsonString();

        allowed.ShouldContain("\"creditLimit\"");
        refused.ShouldNotContain("creditLimit");
        refused.ShouldContain("\"name\"");
    }

    [Fact]
    public async Task Introspection_CachedAnswer_IsNeverSharedBetweenCallersWhoSeeDifferentSchemas()
    {
        // Each caller's answer is cached under the schema that caller sees: asked in turns, each keeps getting its own.
        const string query = """{ __schema { types { name fields { name } } } }""";
        var answers = server.Services.GetRequiredService<GatewayRequestHandler>().Introspection;
        long hitsBefore = answers.Hits;

        string allowed = await (await server.GraphQLAsync(query, roles: "sales")).Content.ReadAsStringAsync();
        string refused = await (await server.GraphQLAsync(query)).Content.ReadAsStringAsync();
        string refusedAgain = await (await server.GraphQLAsync(query)).Content.ReadAsStringAsync();
        string allowedAgain = await (await server.GraphQLAsync(query, roles: "sales")).Content.ReadAsStringAsync();

        allowed.ShouldContain("\"creditLimit\"");
        refused.ShouldNotContain("creditLimit");
        refusedAgain.ShouldBe(refused);
        allowedAgain.ShouldBe(allowed);
        answers.Hits.ShouldBeGreaterThanOrEqualTo(hitsBefore + 2);
    }

    [Fact]
    public async Task Sdl_ListsTheProtectedFieldOnlyForACallerWhoMaySeeIt()
    {
        string allowed = await (await server.GetAsync("/graphql/schema.graphql", roles: "sales,hr")).Content.ReadAsStringAsync();
        string refused = await (await server.GetAsync("/graphql/schema.graphql", roles: "audit")).Content.ReadAsStringAsync();

        allowed.ShouldContain("creditLimit: Float!");
        allowed.ShouldContain("salary: Float!");
        refused.ShouldNotContain("creditLimit:", Case.Sensitive);
        refused.ShouldNotContain("salary:", Case.Sensitive);
        refused.ShouldContain("riskNote: String");
    }

    [Fact]
    public async Task PopcornSchema_DescribesTheProtectedFieldOnlyToACallerWhoMaySeeIt()
    {
        string allowed = await (await server.GetAsync("/popcorn/schema", roles: "sales")).Content.ReadAsStringAsync();
        string refused = await (await server.GetAsync("/popcorn/schema")).Content.ReadAsStringAsync();

        allowed.ShouldContain("\"creditLimit\"");
        refused.ShouldNotContain("creditLimit");
    }

    [Fact]
    public async Task OpenApi_DescribesTheProtectedFieldOnlyToACallerWhoMaySeeIt()
    {
        var allowed = await Json(await server.GetAsync("/openapi/v1.json", roles: "sales"));
        var refused = await Json(await server.GetAsync("/openapi/v1.json"));

        allowed["components"]!["schemas"]!["Account"]!["properties"]!.AsObject().ContainsKey("creditLimit").ShouldBeTrue();
        refused["components"]!["schemas"]!["Account"]!["properties"]!.AsObject().ContainsKey("creditLimit").ShouldBeFalse();
        refused["components"]!["schemas"]!["Account"]!["properties"]!.AsObject().ContainsKey("name").ShouldBeTrue();
        refused.ToJsonString().ShouldNotContain("password");
        refused.ToJsonString().ShouldNotContain("creditLimit"); // nor in the operations' selection descriptions
    }

    [Fact]
    public async Task PopcornCheck_NeverConfirmsAFieldTheCallerMayNotSee()
    {
        var allowed = await Json(await server.GetAsync("/popcorn/check?type=Account&query=" + Uri.EscapeDataString("[creditLimit]"), roles: "sales"));
        var refused = await Json(await server.GetAsync("/popcorn/check?type=Account&query=" + Uri.EscapeDataString("[creditLimit]")));

        allowed["valid"]!.GetValue<bool>().ShouldBeTrue();
        refused["valid"]!.GetValue<bool>().ShouldBeFalse();
        refused["problem"]!["errorKind"]!.GetValue<string>().ShouldBe("UnknownField");
    }

    [Fact]
    public async Task PopcornCheckOnTheGateway_RefusesAHiddenFieldExactlyAsAnUnknownOne()
    {
        static string Check(string document) => "/popcorn/check?gateway=true&query=" + Uri.EscapeDataString(document);

        var allowed = await Json(await server.GetAsync(Check("{ account(id: 1) { creditLimit } }"), roles: "sales"));
        string refused = await (await server.GetAsync(Check("{ account(id: 1) { creditLimit } }"))).Content.ReadAsStringAsync();
        string unknown = await (await server.GetAsync(Check("{ account(id: 1) { creditLimiq } }"))).Content.ReadAsStringAsync();

        allowed["valid"]!.GetValue<bool>().ShouldBeTrue();
        refused.Replace("creditLimit", "NAME").ShouldBe(unknown.Replace("creditLimiq", "NAME"));
    }
}

/// <summary>With <c>UnauthorizedFields=Forbid</c>, naming a refused field is a 403 (REST) or a <c>FORBIDDEN</c> error (gateway).</summary>
public class ForbiddenFieldTests(ForbiddingAccountsServer server) : IClassFixture<ForbiddingAccountsServer>
{
    [Fact]
    public async Task Rest_NamingARefusedField_Is403WithTheFieldNamed()
    {
        var response = await server.GetAsync("/accounts?include=[name,creditLimit]");
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        response.StatusCode.ShouldBe(HttpStatusCode.Forbidden);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        problem["errorKind"]!.GetValue<string>().ShouldBe("Forbidden");
        problem["field"]!.GetValue<string>().ShouldBe("creditLimit");
    }

    [Fact]
    public async Task Rest_WildcardsAndDefaults_StillLeaveTheRefusedFieldOut()
    {
        var response = await server.GetAsync("/accounts/1?include=[!all]");

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ShouldNotContain("creditLimit");
    }

    [Fact]
    public async Task Rest_WithTheRole_IsNotForbidden()
    {
        (await server.GetAsync("/accounts?include=[name,creditLimit]", roles: "sales")).StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [Fact]
    public async Task Gateway_NamingARefusedField_IsAForbiddenError()
    {
        var body = JsonNode.Parse(await (await server.GraphQLAsync("{ accounts { creditLimit } }")).Content.ReadAsStringAsync())!;

        body["data"].ShouldBeNull();
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("FORBIDDEN");
    }
}

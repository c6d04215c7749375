using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server.Tests;

/// <summary>
/// /graphql answers the GraphQL specification's shape (the selected keys, in the selection's order, nothing added);
/// REST keeps Popcorn's (declaration order, [Always] fields added), byte for byte.
/// </summary>
public class GatewayResponseShapeTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Post_Selection_ComesBackInSelectionOrder_WithoutAlwaysFields()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 2) { email firstName } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"email":"grace.hopper@example.com","firstName":"Grace"}""");
    }

    [Fact]
    public async Task Get_SameSelectionViaRest_KeepsIdFirst_AndDeclarationOrder()
    {
        var graphQL = await server.GetAsync("/api/employees/2", "{ email firstName }");
        var include = await server.GetAsync("/api/employees/2", "[email,firstName]");
        var header = await server.GetAsync("/api/employees/2", header: "{ email firstName }");

        graphQL.Body.ShouldBe("""{"id":2,"firstName":"Grace","email":"grace.hopper@example.com"}""");
        include.Body.ShouldBe(graphQL.Body);
        header.Body.ShouldBe(graphQL.Body);
    }

    [Fact]
    public async Task Post_FragmentsInlineFragmentsAndAliases_FollowTheSelection()
    {
        const string document = """
            { employee(id: 2) { mail: email ...Names ... on Employee { id } last: lastName } }
            fragment Names on Employee { lastName firstName }
            """;

        var (_, _, body) = await server.PostGraphQLAsync(document);

        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"mail":"grace.hopper@example.com","lastName":"Hopper","firstName":"Grace","id":2,"last":"Hopper"}""");
    }

    [Fact]
    public async Task Post_TypeName_IsWrittenWhereAsked()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ car(id: 1) { make __typename } }");

        body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo","__typename":"Car"}""");
    }

    [Fact]
    public async Task Post_IncludeAndSkip_ApplyBeforeTheOrder()
    {
        const string query = "query($on: Boolean!) { car(id: 1) { model @include(if: $on) make @skip(if: $on) id } }";

        var on = await server.PostGraphQLAsync(query, """{"on": true}""");
        var off = await server.PostGraphQLAsync(query, """{"on": false}""");

        on.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"model":"XC40","id":1}""");
        off.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo","id":1}""");
    }

    [Fact]
    public async Task Post_EverySelectionSkipped_WritesAnEmptyObject_NotTheDefaults()
    {
        const string query = "query($on: Boolean!) { car(id: 1) { make @skip(if: $on) ...Model @include(if: false) } } fragment Model on Car { model }";

        var skipped = await server.PostGraphQLAsync(query, """{"on": true}""");
        var kept = await server.PostGraphQLAsync(query, """{"on": false}""");
        var defaults = await server.PostGraphQLAsync("{ car(id: 1) }");

        skipped.Body!.ToJsonString().ShouldBe("""{"data":{"car":{}}}""");
        kept.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo"}""");
        defaults.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"id":1,"make":"Volvo","model":"XC40"}""");
    }

    [Fact]
    public async Task Post_EverySelectionOfAListSkipped_WritesAnEmptyObjectPerElement()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 3) { vehicles { model @skip(if: true) } email } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"vehicles":[{},{}],"email":"linus.torvalds@example.com"}""");
    }

    [Fact]
    public async Task Post_EveryIntrospectionSelectionSkipped_WritesAnEmptyObject()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ __schema { queryType { name @skip(if: true) } } }");

        status.ShouldBe(200);
        body!.ToJsonString().ShouldBe("""{"data":{"__schema":{"queryType":{}}}}""");
    }

    [Fact]
    public async Task Post_EveryRootFieldSkipped_WritesAnEmptyData()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ car(id: 1) @skip(if: true) { make } }");

        status.ShouldBe(200);
        body!.ToJsonString().ShouldBe("""{"data":{}}""");
    }

    [Fact]
    public async Task Get_EverySelectionSkippedOverRest_StillMeansTheDefaults()
    {
        var skipped = await server.GetAsync("/api/employees/3", "{ email vehicles { model @skip(if: true) } }");
        var bare = await server.GetAsync("/api/employees/3", "{ email vehicles }");

        skipped.Body.ShouldBe(bare.Body);
        skipped.Body.ShouldContain("\"vehicles\":[{\"id\":3,\"make\":\"Toyota\",\"model\":\"Corolla\"}");
    }

    [Fact]
    public async Task Post_ComplexFieldWithoutSelection_WritesItsDefaultsInDeclarationOrder()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 3) { vehicles email } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"vehicles":[{"id":3,"make":"Toyota","model":"Corolla"},{"id":4,"make":"Skoda","model":"Octavia"}],"email":"linus.torvalds@example.com"}""");
    }

    [Fact]
    public async Task PlanCaches_RestAndGatewayPlansOfTheSameText_Differ()
    {
        var registry = server.Services.GetRequiredService<PopcornRegistry>();
        var employee = registry.FindWriter("Employee")!.Metadata;
        var tree = SelectionParser.Parse("{ email firstName }");

        var rest = registry.Plans.GetOrCompile(employee, tree);
        var gateway = registry.GatewayPlans.GetOrCompile(employee, tree);

        registry.GatewayPlans.ShouldNotBeSameAs(registry.Plans);
        gateway.ShouldNotBeSameAs(rest);
        rest.Fields.ToArray().Select(f => f.OutputName).ShouldBe(["id", "firstName", "email"]);
        gateway.Fields.ToArray().Select(f => f.OutputName).ShouldBe(["email", "firstName"]);
    }
}

/// <summary>The test host with <c>GatewayUsesPopcornSemantics</c> on, from configuration.</summary>
public sealed class PopcornSemanticsGatewayServer : TestHostServer
{
    protected override string[] Arguments => ["--Popcorn:GatewayUsesPopcornSemantics=true"];
}

public class GatewayPopcornSemanticsTests(PopcornSemanticsGatewayServer server) : IClassFixture<PopcornSemanticsGatewayServer>
{
    [Fact]
    public async Task Post_WithTheOption_IsTheSameAsTheRestResponse()
    {
        var rest = await server.GetAsync("/api/employees/3", "{ email manager { lastName } vehicles { model } }");

        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 3) { email manager { lastName } vehicles { model } } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe(rest.Body);
        rest.Body.ShouldStartWith("""{"id":3,""");
    }

    [Fact]
    public async Task Post_WithTheOption_EverySelectionSkipped_MeansTheDefaults()
    {
        var rest = await server.GetAsync("/api/employees/3", "{ vehicles }");

        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 3) { vehicles { model @skip(if: true) } } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe(rest.Body);
    }

    [Fact]
    public void Registry_WithTheOption_SharesRestsPlanCache()
    {
        var registry = server.Services.GetRequiredService<PopcornRegistry>();

        registry.GatewayPlans.ShouldBeSameAs(registry.Plans);
    }
}

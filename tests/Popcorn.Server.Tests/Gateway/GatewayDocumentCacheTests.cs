using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

public class GatewayDocumentCacheTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private GatewayDocumentCache Documents => server.Services.GetRequiredService<GatewayRequestHandler>().Documents;

    [Fact]
    public async Task Post_SameDocumentTwice_IsParsedOnceAndAnsweredAlike()
    {
        const string query = "{ car(id: 3) { make model } cacheProbe: cars { id } }";
        long hitsBefore = Documents.Hits;

        var first = await server.PostGraphQLAsync(query);
        var second = await server.PostGraphQLAsync(query);

        Documents.Hits.ShouldBe(hitsBefore + 1);
        second.Body!.ToJsonString().ShouldBe(first.Body!.ToJsonString());
        first.Status.ShouldBe(200);
    }

    [Fact]
    public async Task Post_IncludeVariableChanges_GivesEachItsOwnTree()
    {
        const string query = "query Q($withModel: Boolean!) { car(id: 1) { make model @include(if: $withModel) } }";

        var with = await server.PostGraphQLAsync(query, """{"withModel": true}""");
        var without = await server.PostGraphQLAsync(query, """{"withModel": false}""");
        var withAgain = await server.PostGraphQLAsync(query, """{"withModel": true}""");

        with.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo","model":"XC40"}""");
        without.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo"}""");
        withAgain.Body!.ToJsonString().ShouldBe(with.Body.ToJsonString());
    }

    [Fact]
    public async Task Post_SkipVariableInAFragment_WithADefault_GivesEachItsOwnTree()
    {
        // No variables (the default applies), then the variable given either way: three trees from one text.
        const string query = "query Q($hide: Boolean = true) { car(id: 1) { ...Car } } fragment Car on Car { make model @skip(if: $hide) }";

        var byDefault = await server.PostGraphQLAsync(query);
        var shown = await server.PostGraphQLAsync(query, """{"hide": false}""");
        var hidden = await server.PostGraphQLAsync(query, """{"hide": true}""");
        var byDefaultAgain = await server.PostGraphQLAsync(query);

        byDefault.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo"}""");
        shown.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo","model":"XC40"}""");
        hidden.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Volvo"}""");
        byDefaultAgain.Body!.ToJsonString().ShouldBe(byDefault.Body.ToJsonString());
    }

    [Fact]
    public async Task Post_ArgumentVariableChanges_AnswersEachValue()
    {
        const string query = "query Q($id: Int!) { car(id: $id) { make } }";

        var one = await server.PostGraphQLAsync(query, """{"id": 1}""");
        var two = await server.PostGraphQLAsync(query, """{"id": 2}""");

        one.Body!["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Volvo");
        two.Body!["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
    }

    [Fact]
    public async Task Post_OperationNameChanges_RunsTheNamedOperationOfTheSameText()
    {
        const string query = "query Makes { car(id: 2) { make } } query Models { car(id: 2) { model } }";

        var makes = await server.PostGraphQLAsync(query, operationName: "Makes");
        var models = await server.PostGraphQLAsync(query, operationName: "Models");
        var makesAgain = await server.PostGraphQLAsync(query, operationName: "Makes");

        makes.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"make":"Tesla"}""");
        models.Body!["data"]!["car"]!.ToJsonString().ShouldBe("""{"model":"Model 3"}""");
        makesAgain.Body!.ToJsonString().ShouldBe(makes.Body.ToJsonString());
    }

    [Fact]
    public async Task Post_RefusedDocument_IsRefusedEveryTime()
    {
        const string query = "{ car(id: 1) { colour } }";

        var first = await server.PostGraphQLAsync(query);
        var second = await server.PostGraphQLAsync(query);

        first.Status.ShouldBe(400);
        second.Status.ShouldBe(400);
        second.Body!.ToJsonString().ShouldBe(first.Body!.ToJsonString());
    }

    [Fact]
    public async Task Post_UnknownRootField_SuggestsByTheSameRuleAsUnknownFields()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ deprtments { name } }");

        status.ShouldBe(400);
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Cannot query field \"deprtments\" on type \"Query\". Did you mean \"departments\" or \"department\"?");
    }
}

using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

public class GatewayTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Post_SeveralRootFieldsAndAliases_ComeBackInOneResponse()
    {
        var (status, contentType, body) = await server.PostGraphQLAsync("{ first: car(id: 1) { make } second: car(id: 2) { make } departments { name } }");

        status.ShouldBe(200);
        contentType.ShouldBe("application/graphql-response+json");
        body!["data"]!["first"]!.ToJsonString().ShouldBe("""{"make":"Volvo"}""");
        body["data"]!["second"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
        body["data"]!["departments"]!.AsArray().Count.ShouldBe(4);
        body["errors"].ShouldBeNull();
    }

    [Fact]
    public async Task Post_RootFieldValue_IsTheRestResponseWithoutTheAlwaysFields()
    {
        var rest = await server.GetAsync("/api/employees/3", "{ email manager { lastName } vehicles { model } }");

        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 3) { email manager { lastName } vehicles { model } } }");

        rest.Body.ShouldBe("""{"id":3,"email":"linus.torvalds@example.com","manager":{"id":2,"lastName":"Hopper"},"vehicles":[{"id":3,"model":"Corolla"},{"id":4,"model":"Octavia"}]}""");
        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"email":"linus.torvalds@example.com","manager":{"lastName":"Hopper"},"vehicles":[{"model":"Corolla"},{"model":"Octavia"}]}""");
    }

    [Fact]
    public async Task Post_Variables_BindArgumentsAndDirectives()
    {
        const string query = "query One($id: Int!, $withEmail: Boolean = false) { employee(id: $id) { firstName email @include(if: $withEmail) } }";

        var (_, _, body) = await server.PostGraphQLAsync(query, """{"id": 2, "withEmail": true}""");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe("""{"firstName":"Grace","email":"grace.hopper@example.com"}""");
    }

    [Fact]
    public async Task Post_OperationName_PicksTheOperation()
    {
        const string document = "query A { car(id: 1) { make } } query B { car(id: 2) { make } }";

        var (_, _, body) = await server.PostGraphQLAsync(document, operationName: "B");

        body!["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
    }

    [Fact]
    public async Task Post_DocumentThatDoesNotParse_Is400WithLocations()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ employees { id ");

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        var error = body["errors"]![0]!;
        error["message"]!.GetValue<string>().ShouldNotBeNullOrEmpty();
        error["locations"]![0]!["line"]!.GetValue<int>().ShouldBe(1);
    }

    [Fact]
    public async Task Post_UnknownRootField_IsARequestError()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ employes { id } }");

        status.ShouldBe(400);
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("Cannot query field \"employes\" on type \"Query\".");
        body["errors"]![0]!["path"].ShouldBeNull("a validation error has no path: nothing was executed");
    }

    [Fact]
    public async Task Post_MissingRequiredArgument_IsARequestError()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ employee { id } }");

        status.ShouldBe(400);
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("Field \"employee\" argument \"id\" of type \"Int!\" is required, but it was not provided.");
    }

    [Fact]
    public async Task Post_UnknownFieldInASelection_HasLocationAndSuggestions()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ cars { id owner { lastname } } }");

        status.ShouldBe(400);
        var error = body!["errors"]![0]!;
        error["path"].ShouldBeNull("a validation error has no path: nothing was executed");
        error["locations"]![0]!["column"]!.GetValue<int>().ShouldBe(21);
        error["extensions"]!["suggestions"]![0]!.GetValue<string>().ShouldBe("lastName");
    }

    [Fact]
    public async Task Post_UnknownId_IsNull()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ car(id: 4242) { make } }");

        status.ShouldBe(200);
        body!["data"]!["car"].ShouldBeNull();
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("")]
    public async Task Post_LegacyClient_GetsApplicationJson_AndRefusedDocumentsAs200WithErrors(string accept)
    {
        // GraphQL over HTTP: application/json clients (and clients that send no Accept) read a non-2xx as a
        // transport failure, so parse, validation and variable errors come back as 200 with errors and no data.
        var parse = await server.PostGraphQLAsync("{ cars { id ", accept: accept);
        var validation = await server.PostGraphQLAsync("{ cars { colour } }", accept: accept);
        var variables = await server.PostGraphQLAsync("query($id: Int!) { car(id: $id) { make } }", "{\"id\": \"one\"}", accept: accept);
        var fine = await server.PostGraphQLAsync("{ car(id: 1) { make } }", accept: accept);

        foreach (var (status, contentType, body) in new[] { parse, validation, variables })
        {
            (status, contentType).ShouldBe((200, "application/json"));
            body!["data"].ShouldBeNull();
            body["errors"]!.AsArray().Count.ShouldBeGreaterThan(0);
        }

        (fine.Status, fine.ContentType).ShouldBe((200, "application/json"));
    }

    [Fact]
    public async Task Post_GraphQLResponseClient_GetsRefusedDocumentsAs400()
    {
        var (status, contentType, body) = await server.PostGraphQLAsync("{ cars { colour } }");

        (status, contentType).ShouldBe((400, "application/graphql-response+json"));
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("colour");
    }

    [Theory]
    [InlineData("\"extensions\": \"x\"")]
    [InlineData("\"extensions\": [1]")]
    [InlineData("\"variables\": 3")]
    [InlineData("\"variables\": \"{}\"")]
    public async Task Post_ExtensionsOrVariablesThatAreNotAnObject_AreRefused(string extensions)
    {
        using var content = new StringContent("{\"query\": \"{ __typename }\", " + extensions + "}", System.Text.Encoding.UTF8, "application/json");
        using var response = await server.Client.PostAsync("/graphql", content);

        ((int)response.StatusCode).ShouldBe(400);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["errors"]![0]!["message"]!.GetValue<string>().ShouldEndWith("' must be a JSON object.");
    }

    [Fact]
    public async Task Post_AcceptingGraphQLResponseJson_GetsThatMediaType()
    {
        var (_, contentType, _) = await server.PostGraphQLAsync("{ cars { id } }", accept: "application/graphql-response+json");

        contentType.ShouldBe("application/graphql-response+json");
    }

    [Fact]
    public async Task Get_QueryInTheUrl_Works()
    {
        var (status, _, body) = await server.GetAsync("/graphql?query=" + Uri.EscapeDataString("{ car(id: 3) { model } }"));

        status.ShouldBe(200);
        body.ShouldBe("""{"data":{"car":{"model":"Corolla"}}}""");
    }

    [Fact]
    public async Task Post_NotJson_Is415()
    {
        using var content = new StringContent("{ cars { id } }", System.Text.Encoding.UTF8, "text/plain");

        using var response = await server.Client.PostAsync("/graphql", content);

        ((int)response.StatusCode).ShouldBe(415);
    }

    [Fact]
    public async Task Post_Mutation_WithoutMutationFields_IsRejected()
    {
        var (status, _, body) = await server.PostGraphQLAsync("mutation { cars { id } }");

        status.ShouldBe(400);
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Schema is not configured to execute mutation operation.");
    }

    [Fact]
    public async Task Post_DeepWildcardEverywhere_NeverRevealsANeverField()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employees { __full } departments { __full } cars { __all owner { __all } } }");

        body!.ToJsonString().ShouldNotContain("socialSecurityNumber");
    }
}

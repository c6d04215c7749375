using Microsoft.Extensions.DependencyInjection;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>
/// Introspection at the gateway, from the same schema model as the SDL. (graphql-js's own introspection query and
/// schema building run against the playground in tests/GraphQL.Clients.Tests.)
/// </summary>
public class GatewayIntrospectionTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Schema_ListsQueryModelsScalarsAndIntrospectionTypes_WithoutNeverFields()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ __schema { queryType { name } types { name kind fields { name } } directives { name locations } } }");

        status.ShouldBe(200);
        var schema = body!["data"]!["__schema"]!;
        schema["queryType"]!["name"]!.GetValue<string>().ShouldBe("Query");
        var types = schema["types"]!.AsArray().Select(t => t!["name"]!.GetValue<string>()).ToArray();
        types.ShouldContain("Employee");
        types.ShouldContain("__Type");
        types.ShouldContain("String");
        types.ShouldContain("Map");
        schema["directives"]!.AsArray().Select(d => d!["name"]!.GetValue<string>()).ShouldBe(["include", "skip", "deprecated", "specifiedBy", "oneOf", "exclude", "optional"]);
        body.ToJsonString().ShouldNotContain("socialSecurityNumber");
    }

    [Fact]
    public async Task Schema_RepeatedQuery_IsAnsweredFromTheCache_WithTheSameBytes()
    {
        const string query = "query Repeated { __schema { queryType { name } types { kind name fields(includeDeprecated: true) { name type { kind name ofType { kind name } } } } } }";
        var answers = server.Services.GetRequiredService<GatewayRequestHandler>().Introspection;

        var (_, _, first) = await server.PostGraphQLAsync(query);
        long hits = answers.Hits;
        var (status, _, second) = await server.PostGraphQLAsync(query);

        status.ShouldBe(200);
        second!.ToJsonString().ShouldBe(first!.ToJsonString());
        second["data"]!["__schema"]!["types"]!.AsArray().Select(t => t!["name"]!.GetValue<string>()).ShouldContain("Employee");
        answers.Hits.ShouldBe(hits + 1);
    }

    [Fact]
    public async Task Type_WithAVariableName_IsCachedPerVariables()
    {
        // The name is bound into the operation's tree, and each set of variables is its own operation: no answer is reused for another name.
        const string query = "query T($n: String!) { __type(name: $n) { name } }";

        var (_, _, employee) = await server.PostGraphQLAsync(query, """{"n":"Employee"}""");
        var (_, _, car) = await server.PostGraphQLAsync(query, """{"n":"Car"}""");
        var (_, _, employeeAgain) = await server.PostGraphQLAsync(query, """{"n":"Employee"}""");

        employee!["data"]!.ToJsonString().ShouldBe("""{"__type":{"name":"Employee"}}""");
        car!["data"]!.ToJsonString().ShouldBe("""{"__type":{"name":"Car"}}""");
        employeeAgain!["data"]!.ToJsonString().ShouldBe("""{"__type":{"name":"Employee"}}""");
    }

    [Fact]
    public async Task Type_AnswersInSelectionOrder_WithAliasesAndTypeRefs()
    {
        var (_, _, body) = await server.PostGraphQLAsync("""{ __type(name: "Employee") { n: name kind f: fields { name type { kind name ofType { name kind } } } __typename } }""");

        var type = body!["data"]!["__type"]!.AsObject();
        type.Select(p => p.Key).ShouldBe(["n", "kind", "f", "__typename"]);
        type["__typename"]!.GetValue<string>().ShouldBe("__Type");
        var vehicles = type["f"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "vehicles")!;
        vehicles["type"]!.ToJsonString().ShouldBe("""{"kind":"NON_NULL","name":null,"ofType":{"name":null,"kind":"LIST"}}""");
        type["f"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ShouldNotContain("socialSecurityNumber");
    }

    [Fact]
    public async Task Typename_AndResolverFields_MixWithIntrospectionInOneRequest()
    {
        var (status, _, body) = await server.PostGraphQLAsync("""{ car(id: 1) { make } __typename q: __schema { queryType { name } } }""");

        status.ShouldBe(200);
        body!["data"]!.ToJsonString().ShouldBe("""{"car":{"make":"Volvo"},"__typename":"Query","q":{"queryType":{"name":"Query"}}}""");
    }

    [Theory]
    [InlineData("{ __schema }", "Field \"__schema\" of type \"__Schema!\" must have a selection of subfields", 1, 3)]
    [InlineData("{ __type { name } }", "Field \"__type\" argument \"name\" of type \"String!\" is required", 1, 3)]
    [InlineData("{ __type(name: 3) { name } }", "String cannot represent a non string value: 3", 1, 16)]
    [InlineData("{ __schema {\n types { name { x } } } }", "Field \"name\" must not have a selection since type \"String\" has no subfields", 2, 15)]
    [InlineData("{ __schema { __all } }", "Wildcards, removals and @optional are not supported in introspection", 1, 14)]
    [InlineData("{ __schema { types { fields(deprecated: true) { name } } } }", "Unknown argument \"deprecated\" on field \"__Type.fields\"", 1, 29)]
    public async Task InvalidIntrospection_IsAValidationError_AtTheToken(string query, string message, int line, int column)
    {
        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        var error = body["errors"]![0]!;
        error["message"]!.GetValue<string>().ShouldContain(message);
        (error["locations"]![0]!["line"]!.GetValue<int>(), error["locations"]![0]!["column"]!.GetValue<int>()).ShouldBe((line, column));
    }

    [Fact]
    public async Task MetaFieldsOnARestResource_AreUnknownFields()
    {
        var (status, _, body) = await server.GetAsync("/api/employees/1", "{ __schema { types { name } } }");

        status.ShouldBe(400);
        body.ShouldContain("__schema");
    }
}

public class GatewayIntrospectionDisabledTests(NoIntrospectionTestHostServer server) : IClassFixture<NoIntrospectionTestHostServer>
{
    [Fact]
    public async Task Introspection_WhenDisabled_IsRefusedWithAClearError_WhileQueriesRun()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ __schema { types { name } } }");
        var (queryStatus, _, _) = await server.PostGraphQLAsync("{ car(id: 1) { make } __typename }");

        status.ShouldBe(400);
        body!["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Introspection is disabled on this server.");
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("INTROSPECTION_DISABLED");
        queryStatus.ShouldBe(200);
    }
}

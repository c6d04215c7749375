using Microsoft.Extensions.DependencyInjection;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>
/// The GraphQL spec's validation rules (section 5) at <c>/graphql</c>, against the test host's schema: each rule's
/// message in graphql-js's wording, at the offending token, and never any <c>data</c> for an invalid document; valid
/// documents and Popcorn's documented extensions answered. (tests/GraphQL.Clients.Tests holds the same verdicts to
/// graphql-js's own <c>validate()</c>.)
/// </summary>
public class GatewayValidationTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Theory]
    // 5.2 Operations
    [InlineData("query A { cars { id } } query A { car(id: 1) { id } }", "There can be only one operation named \"A\".", 1, 7, 1, 31)]
    [InlineData("{ cars { id } } query B { cars { id } }", "This anonymous operation must be the only defined operation.", 1, 1)]
    // 5.3 Fields
    [InlineData("{ employee(id: 1) {\n  firstName\n  nam\n} }", "Cannot query field \"nam\" on type \"Employee\".", 3, 3)]
    [InlineData("{ employee(id: 1) { manager { firstNme } } }", "Cannot query field \"firstNme\" on type \"Employee\". Did you mean \"firstName\"?", 1, 31)]
    [InlineData("{ nope }", "Cannot query field \"nope\" on type \"Query\".", 1, 3)]
    [InlineData("{ employee(id: 1) { firstName { x } } }", "Field \"firstName\" must not have a selection since type \"String!\" has no subfields.", 1, 31)]
    [InlineData("{ __schema { queryType } }", "Field \"queryType\" of type \"__Type!\" must have a selection of subfields. Did you mean \"queryType { ... }\"?", 1, 14)]
    [InlineData("{ employee(id: 1) { a: firstName a: lastName } }", "Fields \"a\" conflict because \"firstName\" and \"lastName\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", 1, 21, 1, 34)]
    [InlineData("{ e: employee(id: 1) { id } e: employee(id: 2) { id } }", "Fields \"e\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", 1, 3, 1, 29)]
    [InlineData("{ employee(id: 1) { manager { x: id } manager { x: salary } } }", "Fields \"manager\" conflict because subfields \"x\" conflict because \"id\" and \"salary\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", 1, 21)]
    // 5.4 Arguments
    [InlineData("{ employee(id: 1, idd: 2) { id } }", "Unknown argument \"idd\" on field \"Query.employee\". Did you mean \"id\"?", 1, 19)]
    [InlineData("{ employee(id: 1) { firstName(upper: true) } }", "Unknown argument \"upper\" on field \"Employee.firstName\".", 1, 31)]
    [InlineData("{ employee { id } }", "Field \"employee\" argument \"id\" of type \"Int!\" is required, but it was not provided.", 1, 3)]
    // 5.5 Fragments
    [InlineData("{ cars { ...F } } fragment F on Car { id } fragment F on Car { make }", "There can be only one fragment named \"F\".", 1, 28, 1, 53)]
    [InlineData("{ cars { ...F } } fragment F on Vehicle { id }", "Unknown type \"Vehicle\".", 1, 33)]
    [InlineData("{ cars { ... on Int { id } } }", "Fragment cannot condition on non composite type \"Int\".", 1, 17)]
    [InlineData("{ cars { id } } fragment F on Car { id }", "Fragment \"F\" is never used.", 1, 17)]
    [InlineData("{ cars { ...Missing } }", "Unknown fragment \"Missing\".", 1, 13)]
    [InlineData("{ cars { ...E } } fragment E on Employee { id }", "Fragment \"E\" cannot be spread here as objects of type \"Car\" can never be of type \"Employee\".", 1, 10)]
    [InlineData("{ cars { ... on Employee { id } } }", "Fragment cannot be spread here as objects of type \"Car\" can never be of type \"Employee\".", 1, 10)]
    [InlineData("{ cars { ...A } } fragment A on Car { ...B } fragment B on Car { ...A }", "Cannot spread fragment \"A\" within itself via \"B\".", 1, 39, 1, 66)]
    // 5.6 Values
    [InlineData("{ employee(id: \"two\") { id } }", "Int cannot represent non-integer value: \"two\"", 1, 16)]
    [InlineData("{ employee(id: null) { id } }", "Expected value of type \"Int!\", found null.", 1, 16)]
    [InlineData("{ employee(id: 3000000000) { id } }", "Int cannot represent non 32-bit signed integer value: 3000000000", 1, 16)]
    [InlineData("{ __type(name: 3) { name } }", "String cannot represent a non string value: 3", 1, 16)]
    // 5.7 Directives
    [InlineData("{ cars { id @upper } }", "Unknown directive \"@upper\".", 1, 13)]
    [InlineData("query Q @include(if: true) { cars { id } }", "Directive \"@include\" may not be used on QUERY.", 1, 9)]
    [InlineData("{ cars { id @skip(if: false) @skip(if: true) } }", "The directive \"@skip\" can only be used once at this location.", 1, 13, 1, 30)]
    [InlineData("{ cars { id @include } }", "Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", 1, 13)]
    [InlineData("{ cars { id @include(if: \"yes\") } }", "Boolean cannot represent a non boolean value: \"yes\"", 1, 26)]
    // 5.8 Variables
    [InlineData("query ($id: Intt) { employee(id: $id) { id } }", "Unknown type \"Intt\". Did you mean \"Int\"?", 1, 13)]
    [InlineData("query ($e: Employee) { cars { id } }", "Variable \"$e\" cannot be non-input type \"Employee\".", 1, 12)]
    [InlineData("query ($id: Int! = \"x\") { employee(id: $id) { id } }", "Int cannot represent non-integer value: \"x\"", 1, 20)]
    [InlineData("query Q { employee(id: $id) { id } }", "Variable \"$id\" is not defined by operation \"Q\".", 1, 24, 1, 1)]
    [InlineData("query Q($unused: Int) { cars { id } }", "Variable \"$unused\" is never used in operation \"Q\".", 1, 9)]
    [InlineData("query ($id: Int) { employee(id: $id) { id } }", "Variable \"$id\" of type \"Int\" used in position expecting type \"Int!\".", 1, 8, 1, 33)]
    [InlineData("query ($id: String!) { employee(id: $id) { id } }", "Variable \"$id\" of type \"String!\" used in position expecting type \"Int!\".", 1, 8, 1, 37)]
    [InlineData("query ($id: Int!, $id: Int!) { employee(id: $id) { id } }", "There can be only one variable named \"$id\".", 1, 9, 1, 20)]
    public async Task InvalidDocument_GetsTheSpecsError_AtTheToken_AndNoData(string query, string message, int line, int column, int line2 = 0, int column2 = 0)
    {
        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        var errors = body["errors"]!.AsArray();
        var error = errors.FirstOrDefault(e => e!["message"]!.GetValue<string>() == message);
        error.ShouldNotBeNull($"no error \"{message}\" in {errors.ToJsonString()}");
        var locations = error["locations"]!.AsArray().Select(l => (l!["line"]!.GetValue<int>(), l["column"]!.GetValue<int>())).ToArray();
        locations[0].ShouldBe((line, column));
        if (line2 > 0)
        {
            locations.ShouldBe([(line, column), (line2, column2)]);
        }

        error["path"].ShouldBeNull("validation errors have no path (the spec gives paths to execution errors)");
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("GRAPHQL_VALIDATION_FAILED");
    }

    [Fact]
    public async Task SeveralMistakes_AreAllReported_InOneAnswer()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 1) { nam manager { emial } } car { id } }");

        body!["errors"]!.AsArray().Select(e => e!["message"]!.GetValue<string>()).ShouldBe(
        [
            "Cannot query field \"nam\" on type \"Employee\".",
            "Cannot query field \"emial\" on type \"Employee\". Did you mean \"email\"?",
            "Field \"car\" argument \"id\" of type \"Int!\" is required, but it was not provided.",
        ], ignoreOrder: true);
    }

    [Fact]
    public async Task ManyMistakes_StopAtTheErrorCap()
    {
        string query = "{ employee(id: 1) { " + string.Join(' ', Enumerable.Range(0, 150).Select(i => $"f{i}: nope")) + " } }";

        var (_, _, body) = await server.PostGraphQLAsync(query);

        var errors = body!["errors"]!.AsArray();
        errors.Count.ShouldBe(101);
        errors[^1]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("TOO_MANY_ERRORS");
        body["data"].ShouldBeNull();
    }

    [Theory]
    [InlineData("query Q($id: Int!, $withManager: Boolean = false) { employee(id: $id) { ...Names manager @include(if: $withManager) { id } } } fragment Names on Employee { firstName lastName }", """{"id": 1}""")]
    [InlineData("query ($id: Int = 1) { employee(id: $id) { id } }", null)]
    [InlineData("{ cars { ... on Car { id } ... { make } __typename } }", null)]
    [InlineData("query A { cars { id } } query B { car(id: 1) { id } }", null)]
    [InlineData("{ __type(name: \"Employee\") { fields(includeDeprecated: true) { name } } }", null)]
    [InlineData("{ __typename __typename employee(id: 1) { id } employee(id: 1) { firstName } }", null)]
    // Popcorn's documented extensions.
    [InlineData("{ employee(id: 1) { __all email @exclude } }", null)]
    [InlineData("{ employee(id: 1) { __default manager { __full } } }", null)]
    [InlineData("{ employee(id: 1) { id nickname @optional } }", null)]
    [InlineData("{ employee(id: 1) { manager department } }", null)]
    [InlineData("[employee(id: 1)[id,firstName]]", null)]
    public async Task ValidDocumentsAndPopcornExtensions_AreAnswered(string query, string? variables)
    {
        var (status, _, body) = await server.PostGraphQLAsync(query, variables, query.StartsWith("query A", StringComparison.Ordinal) ? "A" : null);

        status.ShouldBe(200, body?.ToJsonString());
        body!["errors"].ShouldBeNull();
        body["data"].ShouldBeOfType<JsonObject>();
    }

    [Fact]
    public async Task AValidDocument_IsValidatedOnce_ForEveryVariablesItIsSentWith()
    {
        const string query = "query V($id: Int!) { employee(id: $id) { id } }";
        var documents = server.Services.GetRequiredService<GatewayRequestHandler>().Documents;
        await server.PostGraphQLAsync(query, """{"id": 1}""");
        documents.TryGetValidated(query, out var first).ShouldBeTrue();

        var (_, _, body) = await server.PostGraphQLAsync(query, """{"id": 2}""");

        body!["data"]!["employee"]!["id"]!.GetValue<int>().ShouldBe(2);
        documents.TryGetValidated(query, out var second).ShouldBeTrue();
        second.Document.ShouldBeSameAs(first.Document);
    }

    [Fact]
    public async Task ARootFieldSelectedTwice_WithTheSameArguments_IsMergedAtItsFirstPosition()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 1) { id } cars { id } employee(id: 1) { firstName } employee(id: 1) }");

        var data = body!["data"]!.AsObject();
        data.Select(p => p.Key).ShouldBe(["employee", "cars"]);
        var employee = data["employee"]!.AsObject();
        employee.Select(p => p.Key).Take(2).ShouldBe(["id", "firstName"]);
        employee.ContainsKey("lastName").ShouldBeTrue("the last selection has no selection set: the defaults");
    }

    [Fact]
    public async Task OneKeyForTwoDifferentRootFields_IsRefused()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ e: employee(id: 1) { id } e: employee(id: 2) { id } }");

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
    }

    [Fact]
    public async Task FiveHundredSelectionsOfOneField_StayWithinTheMergingBudget_AndAreAnswered()
    {
        // Every pair of the 500 compares its selections: 125,000 pairs, past the rule's budget of collected fields.
        string query = "{ employee(id: 1) { " + string.Concat(Enumerable.Repeat("manager { id } ", 500)) + "} }";

        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(200, body?.ToJsonString());
        body!["data"]!["employee"].ShouldNotBeNull();
    }

    [Fact]
    public async Task AFragmentThatDoublesThirtyTimes_IsRefusedAtTheFieldLimit_NotExpanded()
    {
        var fragments = Enumerable.Range(0, 30).Select(i => $"fragment F{i} on Employee {{ ...F{i + 1} ...F{i + 1} }}");
        string query = "{ employee(id: 1) { ...F0 } } " + string.Join(' ', fragments) + " fragment F30 on Employee { id }";

        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("2048");
    }

    [Theory]
    [InlineData(300, 1, "aliases")]
    [InlineData(1, 40, "nests deeper")]
    public async Task IntrospectionQueries_MeetTheSameLimits(int aliases, int depth, string message)
    {
        string names = string.Join(' ', Enumerable.Range(0, aliases).Select(i => $"n{i}: name"));
        string query = "{ __schema { types { " + string.Concat(Enumerable.Repeat("ofType { ", depth)) + names + string.Concat(Enumerable.Repeat(" }", depth)) + " } } }";

        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain(message);
    }
}

using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Mutations;

/// <summary>
/// Input objects read from C# through the app's JSON metadata: in the SDL and introspection, and every value coerced
/// and checked before any resolver runs, with graphql-js's messages and locations.
/// </summary>
public sealed class MutationInputTests : IAsyncLifetime
{
    private const string Place = """
        mutation Place($input: PlaceOrderInput!) {
          placeOrder(input: $input) { id }
        }
        """;

    private readonly OrderBookServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task Sdl_ShowsMutationType_InputObjects_Enums_AndNullabilityFromCSharp()
    {
        string sdl = await _server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("type Mutation {");
        sdl.ShouldContain("  placeOrder(input: PlaceOrderInput!): Order");
        sdl.ShouldContain("  cancelOrder(id: Int!, first: Int, skip: Int): [Order!]\n", Case.Sensitive, "a mutation's list is nullable: a failed field is null without nulling data");
        sdl.ShouldContain("""
            input PlaceOrderInput {
              customer: String!
              lines: [LineInput!]!
              priority: OrderPriority
              note: String
            }
            """);
        sdl.ShouldContain("""
            input LineInput {
              sku: String!
              quantity: Int!
            }
            """);
        sdl.ShouldContain("enum OrderPriority {");
        sdl.ShouldNotContain("type AmendOrderInput", Case.Sensitive, "an input-only model is not also an output type");
        sdl.ShouldNotContain("internalNote");
    }

    [Fact]
    public async Task Introspection_NamesTheMutationType_AndDescribesItsInputs()
    {
        var (_, body) = await _server.PostAsync("""
            { __schema { mutationType { name fields { name } } }
              __type(name: "PlaceOrderInput") { kind inputFields { name type { kind name ofType { name } } } } }
            """);

        body["errors"].ShouldBeNull();
        var mutationType = body["data"]!["__schema"]!["mutationType"]!;
        mutationType["name"]!.GetValue<string>().ShouldBe("Mutation");
        mutationType["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ShouldBe(["placeOrder", "placeOrderLater", "shipOrder", "cancelOrder", "amendOrder", "explode"]);
        body["data"]!["__type"]!["kind"]!.GetValue<string>().ShouldBe("INPUT_OBJECT");
        body["data"]!["__type"]!["inputFields"]![0]!.ToJsonString().ShouldBe("""{"name":"customer","type":{"kind":"NON_NULL","name":null,"ofType":{"name":"String"}}}""");
    }

    [Theory]
    [InlineData("""{"input":{"customer":"Ken","lines":[{"sku":"jam","quantity":"x"}]}}""", "Variable \"$input\" got invalid value \"x\" at \"input.lines[0].quantity\"; Int cannot represent non-integer value: \"x\"")]
    [InlineData("""{"input":{"customer":"Ken","lines":[{"sku":"jam"}]}}""", """Variable "$input" got invalid value { sku: "jam" } at "input.lines[0]"; Field "quantity" of required type "Int!" was not provided.""")]
    [InlineData("""{"input":{"customer":"Ken","lines":[],"colour":"red"}}""", """Variable "$input" got invalid value { customer: "Ken", lines: [], colour: "red" }; Field "colour" is not defined by type "PlaceOrderInput".""")]
    [InlineData("""{"input":{"customer":"Ken","lines":[],"priority":"Lost"}}""", """Variable "$input" got invalid value "Lost" at "input.priority"; Value "Lost" does not exist in "OrderPriority" enum.""")]
    [InlineData("""{"input":{"customer":null,"lines":[]}}""", """Variable "$input" got invalid value null at "input.customer"; Expected non-nullable type "String!" not to be null.""")]
    [InlineData("""{"input":null}""", """Variable "$input" of non-null type "PlaceOrderInput!" must not be null.""")]
    [InlineData("""{}""", """Variable "$input" of required type "PlaceOrderInput!" was not provided.""")]
    [InlineData("""{"input":"Ken"}""", """Variable "$input" got invalid value "Ken"; Expected type "PlaceOrderInput" to be an object.""")]
    public async Task BadVariable_RefusedBeforeAnyResolver_InGraphQLJsWords_AtTheVariable(string variables, string message)
    {
        var (response, body) = await _server.PostAsync(Place, variables);

        response.StatusCode.ShouldBe(HttpStatusCode.OK); // application/json: errors with a 200, as for every refused document
        body["data"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe(message);
        error["locations"]!.ToJsonString().ShouldBe("""[{"line":1,"column":16}]""");
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("BAD_USER_INPUT");
        _server.Book.Count.ShouldBe(2);
    }

    [Theory]
    [InlineData("""mutation { placeOrder(input: {lines: []}) { id } }""", """Field "PlaceOrderInput.customer" of required type "String!" was not provided.""", 30)]
    [InlineData("""mutation { placeOrder(input: {customer: 5, lines: []}) { id } }""", "String cannot represent a non string value: 5", 41)]
    [InlineData("""mutation { placeOrder(input: {customer: "Ken", lines: [], priority: "Rush"}) { id } }""", "Enum \"OrderPriority\" cannot represent non-enum value: \"Rush\".", 69)]
    [InlineData("""mutation { placeOrder(input: {customer: "Ken", lines: [], priority: null}) { id } }""", null, 0)]
    [InlineData("""mutation { placeOrder(input: {customer: "Ken", lines: [], shipTo: "Mars"}) { id } }""", """Field "shipTo" is not defined by type "PlaceOrderInput".""", 59)]
    public async Task BadLiteral_RefusedByValidation_WithItsLocation(string query, string? message, int column)
    {
        var (_, body) = await _server.PostAsync(query);

        if (message is null)
        {
            // null for a member that is optional in C# keeps its default: a valid document, refused by the resolver.
            body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("EMPTY_ORDER");
            return;
        }

        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe(message);
        error["locations"]!.ToJsonString().ShouldBe($$"""[{"line":1,"column":{{column}}}]""");
        _server.Book.Count.ShouldBe(2);
    }

    [Fact]
    public async Task NeverMember_CannotBeSet_ReportedAsUnknown()
    {
        var (_, body) = await _server.PostAsync("""mutation { amendOrder(input: {id: 1, internalNote: "x"}) { id } }""");

        body["errors"]!.AsArray().ShouldHaveSingleItem()!["message"]!.GetValue<string>().ShouldBe("Field \"internalNote\" is not defined by type \"AmendOrderInput\".");
    }

    [Fact]
    public async Task ProtectedMember_SetByARefusedCaller_ReportedAsUnknown_SetByAnAllowedOne()
    {
        const string query = """mutation { amendOrder(input: {id: 1, note: "gift"}) { id } }""";

        var (_, refused) = await _server.PostAsync(query);
        var (_, allowed) = await _server.PostAsync(query, roles: OrderBookServer.Sales);

        refused["errors"]!.AsArray().ShouldHaveSingleItem()!["message"]!.GetValue<string>().ShouldBe("Field \"note\" is not defined by type \"AmendOrderInput\".");
        allowed["errors"].ShouldBeNull();
        allowed["data"]!.ToJsonString().ShouldBe("""{"amendOrder":{"id":1}}""");
    }

    [Fact]
    public async Task ResolverGetsAFreshInput_EveryCall_EvenFromTheCachedOperation()
    {
        const string variables = """{"input":{"customer":"Ken","lines":[{"sku":"jam","quantity":1}]}}""";

        var (_, first) = await _server.PostAsync(Place, variables);
        var (_, second) = await _server.PostAsync(Place, variables);

        first["data"]!.ToJsonString().ShouldBe("""{"placeOrder":{"id":3}}""");
        second["data"]!.ToJsonString().ShouldBe("""{"placeOrder":{"id":4}}""");
    }

    [Fact]
    public async Task HugeList_PastTheInputLimit_Refused()
    {
        string lines = string.Join(",", Enumerable.Repeat("""{"sku":"a","quantity":1}""", GatewayInputTypes.MaxListLength + 1));

        var (_, body) = await _server.PostAsync(Place, $$$"""{"input":{"customer":"Ken","lines":[{{{lines}}}]}}""");

        body["errors"]![0]!["message"]!.GetValue<string>().ShouldEndWith($"A list in an input value holds at most {GatewayInputTypes.MaxListLength} items; this one has {GatewayInputTypes.MaxListLength + 1}.");
        _server.Book.Count.ShouldBe(2);
    }
}

using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Mutations;

/// <summary>
/// Mutation fields at <c>/graphql</c> on real Kestrel: declared like query fields, run one at a time in the document's
/// order with each result read back before the next write, never over GET, with the selection rules of queries.
/// </summary>
public sealed class MutationTests : IAsyncLifetime
{
    private const string Place = """
        mutation Place($input: PlaceOrderInput!) {
          placeOrder(input: $input) { customer id priority lines { quantity sku } }
        }
        """;

    private readonly OrderBookServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task PlaceOrder_WithVariables_AnswersTheSelectionInItsOrder()
    {
        var (response, body) = await _server.PostAsync(Place, """{"input":{"customer":"Linus","priority":"RUSH","lines":[{"sku":"tea","quantity":3}]}}""".Replace("RUSH", "Rush"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"placeOrder":{"customer":"Linus","id":3,"priority":"Rush","lines":[{"quantity":3,"sku":"tea"}]}}""");
        _server.Book.Count.ShouldBe(3);
    }

    [Fact]
    public async Task PlaceOrder_LiteralInputWithFragmentAndTypename_Answered()
    {
        var (_, body) = await _server.PostAsync("""
            mutation { __typename placeOrderLater(input: {customer: "Ken", lines: [{sku: "jam", quantity: 1}], priority: Rush}) { ...Picked } }
            fragment Picked on Order { id note priority }
            """);

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"__typename":"Mutation","placeOrderLater":{"id":3,"note":null,"priority":"Rush"}}""");
    }

    [Fact]
    public async Task SeveralMutations_RunInDocumentOrder_EachReadBackBeforeTheNext()
    {
        // cancelOrder returns a lazy sequence: it must be read before the third field places order 4.
        var (_, body) = await _server.PostAsync("""
            mutation {
              a: placeOrder(input: {customer: "Ken", lines: [{sku: "jam", quantity: 1}]}) { id }
              b: cancelOrder(id: 1) { id }
              c: placeOrder(input: {customer: "Rob", lines: [{sku: "tea", quantity: 1}]}) { id }
            }
            """);

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"a":{"id":3},"b":[{"id":2},{"id":3}],"c":{"id":4}}""");
    }

    [Fact]
    public async Task Mutation_OverGet_Is405_AndNothingRuns()
    {
        string query = Uri.EscapeDataString("""mutation { placeOrder(input: {customer: "Ken", lines: [{sku: "jam", quantity: 1}]}) { id } }""");

        using var response = await _server.Client.GetAsync($"/graphql?query={query}");

        response.StatusCode.ShouldBe(HttpStatusCode.MethodNotAllowed);
        response.Content.Headers.Allow.ShouldBe(["POST"]);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("A mutation cannot be sent with GET: send it with POST.");
        _server.Book.Count.ShouldBe(2);
    }

    [Fact]
    public async Task Query_OverGet_StillAnswered_WhenTheDocumentAlsoHoldsAMutation()
    {
        string query = Uri.EscapeDataString("""query Read { order(id: 1) { customer } } mutation Write { shipOrder(id: 1) { id } }""");

        using var response = await _server.Client.GetAsync($"/graphql?query={query}&operationName=Read");

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["data"]!.ToJsonString().ShouldBe("""{"order":{"customer":"Ada"}}""");
    }

    [Fact]
    public async Task OperationName_ChoosesTheMutation()
    {
        var (_, body) = await _server.PostAsync("""query Read { order(id: 1) { status } } mutation Write { shipOrder(id: 1) { status } }""", operationName: "Write");

        body["data"]!.ToJsonString().ShouldBe("""{"shipOrder":{"status":"Shipped"}}""");
    }

    [Fact]
    public async Task MutationField_InAQuery_IsUnknownOnQuery()
    {
        var (_, body) = await _server.PostAsync("""{ placeOrder(input: {customer: "Ken", lines: []}) { id } }""");

        body["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Cannot query field \"placeOrder\" on type \"Query\".");
        body["data"].ShouldBeNull();
    }

    [Fact]
    public async Task Subscription_IsRefused_AsTheSchemaHasNoSubscriptionType()
    {
        var (_, body) = await _server.PostAsync("subscription { orders { id } }");

        var error = body["errors"]![0]!;
        error["message"]!.GetValue<string>().ShouldBe("Schema is not configured to execute subscription operation.");
        error["locations"]!.ToJsonString().ShouldBe("""[{"line":1,"column":1}]""");
    }

    [Fact]
    public async Task Selection_OnTheResult_FollowsQueryRules_UnknownFieldRefusedBeforeAnyWrite()
    {
        var (_, body) = await _server.PostAsync("""mutation { placeOrder(input: {customer: "Ken", lines: [{sku: "jam", quantity: 1}]}) { id internalNote } }""");

        body["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Cannot query field \"internalNote\" on type \"Order\".");
        _server.Book.Count.ShouldBe(2);
    }

    [Fact]
    public async Task AutomaticPersistedQuery_RunsAMutation()
    {
        const string text = """mutation { shipOrder(id: 2) { id status } }""";
        string hash = Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(System.Text.Encoding.UTF8.GetBytes(text)));
        var extensions = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = hash } };

        var (_, first) = await _server.SendAsync(new JsonObject { ["extensions"] = extensions.DeepClone() });
        var (_, stored) = await _server.SendAsync(new JsonObject { ["query"] = text, ["extensions"] = extensions.DeepClone() });
        var (_, again) = await _server.SendAsync(new JsonObject { ["extensions"] = extensions.DeepClone() });

        first["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_NOT_FOUND");
        stored["data"]!.ToJsonString().ShouldBe("""{"shipOrder":{"id":2,"status":"Shipped"}}""");
        again["data"]!.ToJsonString().ShouldBe("""{"shipOrder":{"id":2,"status":"Shipped"}}""");
    }
}

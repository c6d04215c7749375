namespace Popcorn.Server.Tests.Mutations;

/// <summary>
/// Errors as GraphQL clients expect them: a domain failure is the field's error with the app's code, later fields still
/// run, an unexpected exception never shows its text, and a mutation behind a policy is hidden from callers refused it.
/// </summary>
public sealed class MutationErrorTests : IAsyncLifetime
{
    private readonly OrderBookServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task DomainFailure_IsTheFieldsError_WithTheAppsCode_AndLaterFieldsStillRun()
    {
        var (_, body) = await _server.PostAsync("""
            mutation {
              lost: shipOrder(id: 99) { id }
              shipped: shipOrder(id: 2) { status }
            }
            """);

        body["data"]!.ToJsonString().ShouldBe("""{"lost":null,"shipped":{"status":"Shipped"}}""");
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error.ToJsonString().ShouldBe("""{"message":"No order has id 99.","locations":[{"line":2,"column":3}],"path":["lost"],"extensions":{"code":"NOT_FOUND"}}""");
    }

    [Fact]
    public async Task UnexpectedException_NeverLeaksItsText_CodeAndTraceIdOnly_AndIsLogged()
    {
        var (_, body) = await _server.PostAsync("""mutation { explode(id: 1) { id } }""");

        body["data"]!.ToJsonString().ShouldBe("""{"explode":null}""");
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe("The field 'explode' could not be resolved.");
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("INTERNAL_SERVER_ERROR");
        string traceId = error["extensions"]!["traceId"]!.GetValue<string>();
        traceId.ShouldNotBeNullOrEmpty();
        body.ToJsonString().ShouldNotContain("secret");
        _server.Warnings.ShouldContain(w => w.EventId == 10 && w.Message.Contains(traceId));
    }

    [Fact]
    public async Task PolicyMutation_HiddenFromARefusedCaller_AsIfUnknown_RunForAnAllowedOne()
    {
        foreach (string field in new[] { "refund", "discount" })
        {
            string query = $$"""mutation { {{field}}(id: 1) { id } }""";

            var (_, refused) = await _server.PostAsync(query);
            var (_, allowed) = await _server.PostAsync(query, roles: OrderBookServer.Sales);

            refused["errors"]!.AsArray().ShouldHaveSingleItem()!["message"]!.GetValue<string>().ShouldBe($"Cannot query field \"{field}\" on type \"Mutation\".");
            refused["data"].ShouldBeNull();
            allowed["errors"].ShouldBeNull();
            allowed["data"]!.ToJsonString().ShouldBe($$$"""{"{{{field}}}":{"id":1}}""");
        }
    }

    [Fact]
    public async Task PolicyMutation_AbsentFromTheRefusedCallersSdl()
    {
        string sdl = await _server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldNotContain("refund");
        sdl.ShouldNotContain("discount");
    }
}

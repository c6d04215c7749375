using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A REST resource of the gateway app over a plain JSON service's GET operation (<c>MapPopcornUpstream</c>), as over a
/// Popcorn service's root field: the include compiled against the type its OpenAPI document describes, the operation's
/// parameters read from the route and the query string, the answer projected and checked as at <c>/graphql</c>, and a
/// failing service a 502, 503 or 504 problem.
/// </summary>
public sealed class PlainResourceTests(PlainResourceServer server) : IClassFixture<PlainResourceServer>
{
    [Fact]
    public async Task List_WithAnInclude_IsProjectedByTheGateway_AsAtGraphQL()
    {
        var (status, body) = await GetAsync("/api/shipments?include=[trackingCode,id,destination[city],events[at]]");

        status.ShouldBe(HttpStatusCode.OK, body);
        // REST's rule: fields in the order the type declares them (the document's), not the include's.
        body.ShouldBe("""[{"id":1,"trackingCode":"PK-1","destination":{"city":"Oslo"},"events":[{"at":"2026-01-05T09:00:00+00:00"},{"at":"2026-01-06T10:30:00+00:00"}]},{"id":2,"trackingCode":"PK-\"2\"","destination":{"city":"Bergen"},"events":[]}]""");
        var graphQL = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ listShipments { id trackingCode destination { city } events { at } } }");
        JsonNode.Parse(body)!.ToJsonString().ShouldBe(graphQL.Body!["data"]!["listShipments"]!.ToJsonString());
    }

    [Fact]
    public async Task QueryParameter_IsTheOperationsParameter_AndFirstPagesInTheGateway()
    {
        int calls = server.Shipping.Calls.Count;

        var (_, carrier) = await GetAsync("/api/shipments?carrier=Post%20%26%20Co&include=[id]");
        var (_, first) = await GetAsync("/api/shipments?include=(first: 1)[id]");

        carrier.ShouldBe("[]");
        first.ShouldBe("""[{"id":1}]""");
        server.Shipping.Calls.Skip(calls).ShouldBe(["/shipments?carrier=Post%20%26%20Co", "/shipments"]);
    }

    [Fact]
    public async Task ObjectByRouteValue_IsTheOperationsPathParameter_AndAMissingOneIs404()
    {
        var (status, body) = await GetAsync("/api/shipments/2?include=[id,trackingCode]");
        var (missing, problem) = await GetAsync("/api/shipments/9?include=[id]");
        var (malformed, detail) = await GetAsync("/api/shipments/two?include=[id]");

        status.ShouldBe(HttpStatusCode.OK, body);
        body.ShouldBe("""{"id":2,"trackingCode":"PK-\"2\""}""");
        missing.ShouldBe(HttpStatusCode.NotFound, problem);
        JsonNode.Parse(problem)!["detail"]!.GetValue<string>().ShouldBe("The requested resource does not exist.");
        malformed.ShouldBe(HttpStatusCode.BadRequest, detail);
        JsonNode.Parse(detail)!["detail"]!.GetValue<string>().ShouldBe("'id' must be an Int (a whole number); 'two' is not.");
    }

    [Fact]
    public async Task UnknownField_Is400WithItsPosition_AndNoServiceCall()
    {
        int calls = server.Shipping.Calls.Count;

        var (status, body) = await GetAsync("/api/shipments?include=[id,internalCost]");

        status.ShouldBe(HttpStatusCode.BadRequest, body);
        var problem = JsonNode.Parse(body)!;
        problem["detail"]!.GetValue<string>().ShouldContain("'internalCost'");
        problem["column"]!.GetValue<int>().ShouldBe(5);
        server.Shipping.Calls.Count.ShouldBe(calls);
    }

    [Theory]
    [InlineData("unavailable", HttpStatusCode.ServiceUnavailable, "answered 503")]
    [InlineData("wrong-type", HttpStatusCode.BadGateway, "at 'faultyShipments[1].trackingCode': expected a string")]
    [InlineData("malformed", HttpStatusCode.BadGateway, "sent malformed JSON")]
    [InlineData("oversized", HttpStatusCode.BadGateway, "sent more than 50000 bytes")]
    public async Task FailingService_IsItsProblem_NeverA500(string fault, HttpStatusCode expected, string reason)
    {
        var (status, body) = await GetAsync($"/api/faulty/{fault}?include=[id,trackingCode]");

        status.ShouldBe(expected, body);
        JsonNode.Parse(body)!["detail"]!.GetValue<string>().ShouldContain(reason);
    }

    [Fact]
    public async Task Csv_IsTheProjectedRows()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/shipments?include=[id,destination[city]]");
        request.Headers.Accept.ParseAdd("text/csv");

        using var response = await server.Gateway.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ReplaceLineEndings("\n").ShouldBe("id,destination.city\n1,Oslo\n2,Bergen\n");
    }

    [Fact]
    public async Task CachedResource_AnswersASecondSpellingOfTheSameSelectionFromTheCache()
    {
        int calls = server.Shipping.Calls.Count;

        var (_, first) = await GetAsync("/api/cached/shipments?include=[id,trackingCode]");
        var (_, second) = await GetAsync("/api/cached/shipments?include=[ trackingCode , id ]");

        second.ShouldBe(first);
        server.Shipping.Calls.Skip(calls).Count(c => c.StartsWith("/shipments", StringComparison.Ordinal)).ShouldBe(1);
    }

    private async Task<(HttpStatusCode Status, string Body)> GetAsync(string path)
    {
        using var response = await server.Gateway.GetAsync(path);
        return (response.StatusCode, await response.Content.ReadAsStringAsync());
    }
}

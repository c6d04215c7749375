using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// Arguments on REST resources served from an upstream (<c>MapPopcornUpstream</c>): the root list's arguments in the
/// include syntax, as a local resource takes them, sent on to the service; the root field's own arguments from the
/// route and the query string; and every refusal (arguments on one object, a cursor nobody issued, a missing or malformed
/// argument, the cost limit) a 400 with no call to the service.
/// </summary>
public sealed class UpstreamResourceArgumentsTests(UpstreamResourceServer server) : IClassFixture<UpstreamResourceServer>
{
    [Fact]
    public async Task Get_WithRootArguments_SendsThemToTheService_AndAnswersItsPage()
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString("(first: 3, skip: 2, orderBy: {id: DESC}, where: {title: {startsWith: \"errand 1\"}})[title]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        server.ReceivedSince(calls).ShouldBe(["[errands(first: 3, skip: 2, orderBy: {id: DESC}, where: {title: {startsWith: \"errand 1\"}})[id,title]]"]);
        var expected = UpstreamResourceServer.Errands.Where(e => e.Title.StartsWith("errand 1", StringComparison.Ordinal)).OrderByDescending(e => e.Id).Skip(2).Take(3);
        text.ShouldBe(new JsonArray(expected.Select(e => (JsonNode)new JsonObject { ["id"] = e.Id, ["title"] = e.Title }).ToArray()).ToJsonString());
    }

    [Fact]
    public async Task Get_WithRootArgumentsInTheGraphQLLikeSyntax_SendsTheSameSelection()
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString("(first: 2) { title }"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        server.ReceivedSince(calls).ShouldBe(["[errands(first: 2)[id,title]]"]);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(2);
    }

    [Fact]
    public async Task Get_AfterACursorTheServiceIssued_SendsItOn_AndAnswersTheNextPage()
    {
        var (_, connection) = await UpstreamGatewayServer.PostAsync(server.Service, "{ errandsConnection(first: 2) { pageInfo { endCursor } } }");
        string cursor = connection!["data"]!["errandsConnection"]!["pageInfo"]!["endCursor"]!.GetValue<string>();
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString($"(first: 2, after: \"{cursor}\")[title]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        text.ShouldBe("""[{"id":3,"title":"errand 03"},{"id":4,"title":"errand 04"}]""");
        server.ReceivedSince(calls).Single().ShouldContain(cursor);
    }

    [Theory]
    [InlineData("(after: \"abc\")[title]", "is not a cursor this API issued", 2)]
    [InlineData("(first: 5000)[title]", "first", 2)]
    [InlineData("(orderBy: {title: ASC})[title]", "title", 12)]
    public async Task Get_WithRootArgumentsTheResourceRefuses_Is400AtTheirPosition_AndNoServiceCall(string include, string detail, int column)
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString(include));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        problem["detail"]!.GetValue<string>().ShouldContain(detail);
        problem["column"]!.GetValue<int>().ShouldBe(column);
        server.Received.Count.ShouldBe(calls);
    }

    [Theory]
    [InlineData("/api/errands/4?include=[title]")]
    [InlineData("/api/errand?id=4&include=[title]")]
    public async Task Get_OneObject_TakesTheFieldsOwnArgumentFromTheRouteOrTheQueryString(string path)
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync(path);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        text.ShouldBe("""{"id":4,"title":"errand 04"}""");
        server.ReceivedSince(calls).ShouldBe(["[errand(id: 4)[id,title]]"]);
    }

    [Theory]
    [InlineData("/api/errand?include=[title]", "This resource needs 'id' (Int!)")]
    [InlineData("/api/errand?id=four", "'id' must be an Int (a whole number); 'four' is not.")]
    [InlineData("/api/errand?id=3&id=4", "'id' is given 2 times; it takes one value.")]
    [InlineData("/api/errands/4?include=" + "(first%3A%201)%5Btitle%5D", "is one 'Errand', not a list")]
    public async Task Get_OneObject_WithAMissingOrMalformedArgument_Is400_AndNoServiceCall(string path, string detail)
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync(path);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        JsonNode.Parse(text)!["detail"]!.GetValue<string>().ShouldContain(detail);
        server.Received.Count.ShouldBe(calls);
    }

    [Fact]
    public async Task Get_OverTheEndpointsCostLimit_Is400BeforeAnyServiceCall_AndWithinItIsAnswered()
    {
        int calls = server.Received.Count;

        using var over = await server.Gateway.GetAsync("/api/cheap/errands?include=[id,title]");
        using var within = await server.Gateway.GetAsync("/api/cheap/errands?include=" + Uri.EscapeDataString("(first: 2)[id]"));

        string text = await over.Content.ReadAsStringAsync();
        over.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        JsonNode.Parse(text)!["detail"]!.GetValue<string>().ShouldContain("over the limit of 5");
        within.StatusCode.ShouldBe(HttpStatusCode.OK, await within.Content.ReadAsStringAsync());
        server.ReceivedSince(calls).ShouldBe(["[errands(first: 2)[id]]"]);
    }
}

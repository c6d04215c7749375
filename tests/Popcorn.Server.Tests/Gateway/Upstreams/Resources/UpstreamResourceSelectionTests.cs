using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// How a REST resource served from an upstream reads its selection, as a local resource does: one selection in one
/// place, and <c>sha256:</c> names looked up among the stored selections; each mistake a 400 with no service call.
/// </summary>
public sealed class UpstreamResourceSelectionTests(UpstreamResourceServer server) : IClassFixture<UpstreamResourceServer>
{
    [Fact]
    public async Task Get_WithTheSelectionInTheQueryAndTheHeader_Is400_AndNoServiceCall()
    {
        int calls = server.Received.Count;
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/errands?include=[id]");
        request.Headers.Add("Popcorn-Include", "[title]");

        using var response = await server.Gateway.SendAsync(request);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        JsonNode.Parse(text)!["detail"]!.GetValue<string>().ShouldContain("Send one selection");
        server.Received.Count.ShouldBe(calls);
    }

    [Theory]
    [InlineData("sha256:" + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "Unknown stored selection")]
    [InlineData("sha256:abc", "Invalid selection")]
    public async Task Get_WithAStoredSelectionNameNothingIsStoredUnder_Is400_AndNoServiceCall(string include, string title)
    {
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/errands?include=" + include);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        JsonNode.Parse(text)!["title"]!.GetValue<string>().ShouldBe(title);
        server.Received.Count.ShouldBe(calls);
    }
}

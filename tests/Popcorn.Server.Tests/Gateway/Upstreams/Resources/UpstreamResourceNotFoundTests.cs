using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// An object resource the service has no value for is a 404 problem, as a local resource whose query for one object
/// finds none; a list the service answers empty is an empty list.
/// </summary>
public sealed class UpstreamResourceNotFoundTests(UpstreamResourceServer server) : IClassFixture<UpstreamResourceServer>
{
    [Theory]
    [InlineData("/api/errands/99?include=[title]")]
    [InlineData("/api/errand?id=99&include=[title]")]
    public async Task Get_OneObjectTheServiceHasNot_Is404(string path)
    {
        using var response = await server.Gateway.GetAsync(path);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.NotFound, text);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        JsonNode.Parse(text)!["detail"]!.GetValue<string>().ShouldBe("The requested resource does not exist.");
    }

    [Fact]
    public async Task Get_ListTheServiceAnswersEmpty_IsAnEmptyList()
    {
        using var response = await server.Gateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString("(where: {title: {eq: \"none\"}})[title]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ShouldBe("[]");
    }
}

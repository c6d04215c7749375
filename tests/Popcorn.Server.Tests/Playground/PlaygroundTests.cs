using System.Net;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Playground;

public partial class PlaygroundTests
{
    [Fact]
    public async Task Index_IsServedAsHtml_RevalidatedEveryTime_AndPointsAtTheSchema()
    {
        await using var server = await PlaygroundServer.StartAsync("Development");

        var response = await server.Client.GetAsync("/popcorn/");

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Content.Headers.ContentType!.ToString().ShouldBe("text/html; charset=utf-8");
        response.Headers.CacheControl!.NoCache.ShouldBeTrue();
        var html = await response.Content.ReadAsStringAsync();
        html.ShouldContain("""<meta name="popcorn-tools" content="/popcorn" />""");
        html.ShouldContain("./assets/");
    }

    [Fact]
    public async Task Pattern_WithoutTheSlash_RedirectsToIt_KeepingTheQueryString()
    {
        await using var server = await PlaygroundServer.StartAsync("Development");

        var response = await server.Client.GetAsync("/popcorn?target=graphql");

        response.StatusCode.ShouldBe(HttpStatusCode.Redirect);
        response.Headers.Location!.OriginalString.ShouldBe("/popcorn/?target=graphql");
    }

    [Fact]
    public async Task Assets_AreServedWithTheirContentTypes_AndCachedForever()
    {
        await using var server = await PlaygroundServer.StartAsync("Development");
        var html = await server.Client.GetStringAsync("/popcorn/");
        var assets = AssetPath().Matches(html).Select(m => m.Groups["path"].Value).ToArray();
        assets.ShouldContain(a => a.EndsWith(".js"));
        assets.ShouldContain(a => a.EndsWith(".css"));

        foreach (var asset in assets)
        {
            var response = await server.Client.GetAsync($"/popcorn/{asset}");

            response.StatusCode.ShouldBe(HttpStatusCode.OK);
            response.Content.Headers.ContentType!.ToString().ShouldBe(asset.EndsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
            response.Headers.CacheControl!.ToString().ShouldBe("public, max-age=31536000, immutable");
            (await response.Content.ReadAsByteArrayAsync()).Length.ShouldBeGreaterThan(1000);
        }
    }

    [Theory]
    [InlineData("/popcorn/assets/missing.js")]
    [InlineData("/popcorn/index.html")]
    [InlineData("/popcorn/anything")]
    public async Task AnythingElse_UnderThePattern_IsNotFound(string path)
    {
        await using var server = await PlaygroundServer.StartAsync("Development");

        (await server.Client.GetAsync(path)).StatusCode.ShouldBe(HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task SchemaEndpoints_UnderTheSamePrefix_StillAnswer()
    {
        await using var server = await PlaygroundServer.StartAsync("Development");

        (await server.Client.GetAsync("/popcorn/schema")).StatusCode.ShouldBe(HttpStatusCode.OK);
        (await server.Client.GetAsync("/popcorn/check?query=[id]")).StatusCode.ShouldBe(HttpStatusCode.OK);
        (await server.Client.GetAsync("/popcorn/normalize?query=[id]")).StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [Fact]
    public async Task Schema_CarriesTheAppsParameterHeaderAndGatewayPath()
    {
        await using var server = await PlaygroundServer.StartAsync("Development");

        var schema = JsonNode.Parse(await server.Client.GetStringAsync("/popcorn/schema"))!;

        schema["queryParameterName"]!.GetValue<string>().ShouldBe("fields");
        schema["headerName"]!.GetValue<string>().ShouldBe("X-Fields");
        schema["gatewayPath"]!.GetValue<string>().ShouldBe("/api/graphql");
    }

    [Fact]
    public async Task Index_WithAnotherSchemaPattern_PointsThePageThere()
    {
        await using var server = await PlaygroundServer.StartAsync("Development", o => o.SchemaPattern = "/tools/");

        var html = await server.Client.GetStringAsync("/popcorn/");

        html.ShouldContain("""<meta name="popcorn-tools" content="/tools" />""");
    }

    [Fact]
    public async Task InProduction_NothingIsMapped_AndTheLogSaysSoOnce()
    {
        await using var server = await PlaygroundServer.StartAsync("Production");

        (await server.Client.GetAsync("/popcorn/")).StatusCode.ShouldBe(HttpStatusCode.NotFound);
        (await server.Client.GetAsync("/popcorn")).StatusCode.ShouldBe(HttpStatusCode.NotFound);
        var off = server.Log.Entries.Where(e => e.EventId == 7).ShouldHaveSingleItem();
        off.Level.ShouldBe(LogLevel.Information);
        off.Message.ShouldContain("EnableOutsideDevelopment");
        (await server.Client.GetAsync("/popcorn/schema")).StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [Fact]
    public async Task InProduction_WhenAskedFor_IsServed()
    {
        await using var server = await PlaygroundServer.StartAsync("Production", o => o.EnableOutsideDevelopment = true);

        (await server.Client.GetAsync("/popcorn/")).StatusCode.ShouldBe(HttpStatusCode.OK);
        server.Log.Entries.ShouldNotContain(e => e.EventId == 7);
    }

    [GeneratedRegex(""""(?:src|href)="\./(?<path>assets/[^"]+)"""")]
    private static partial Regex AssetPath();
}

using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>
/// <c>GET /popcorn/figures</c>, the running totals the playground shows: what requests did, counted from the app's own
/// meter; mapped in Development only.
/// </summary>
public class LiveFiguresTests(DevelopmentTestHostServer server) : IClassFixture<DevelopmentTestHostServer>
{
    [Fact]
    public async Task Figures_CountSelectionsByTransport_CacheHits_BytesAndPersistedQueries()
    {
        string unique = "[id,firstName,lastName] ";
        var before = await Figures();

        await server.GetAsync("/api/employees", include: unique);
        var (_, _, repeated) = await server.GetAsync("/api/employees", include: unique); // the same text: a plan-cache hit
        await server.GetAsync("/api/employees/1", header: "{ email }");
        await server.PostGraphQLAsync("{ cars { make } }");
        await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256("{ nothing } # " + Guid.NewGuid()));
        await server.GetAsync("/api/employees", include: "[nope]");
        var after = await Figures();

        long Delta(Func<JsonNode, JsonNode?> at) => at(after)!.GetValue<long>() - at(before)!.GetValue<long>();
        Delta(f => f["selections"]!["byTransport"]!["query"]).ShouldBe(3);
        Delta(f => f["selections"]!["byTransport"]!["header"]).ShouldBe(1);
        Delta(f => f["selections"]!["byTransport"]!["gateway"]).ShouldBe(1);
        Delta(f => f["selections"]!["bySyntax"]!["graphql"]).ShouldBe(2);
        Delta(f => f["planCache"]!["hits"]).ShouldBeGreaterThanOrEqualTo(1);
        Delta(f => f["persistedQueries"]!["miss"]).ShouldBe(1);
        Delta(f => f["errors"]).ShouldBe(1);
        Delta(f => f["responses"]!["count"]).ShouldBeGreaterThanOrEqualTo(4);
        Delta(f => f["responses"]!["bytes"]).ShouldBeGreaterThan(Encoding.UTF8.GetByteCount(repeated));
        double ratio = after["planCache"]!["hitRatio"]!.GetValue<double>();
        ratio.ShouldBeInRange(0, 1);
    }

    [Fact]
    public async Task Figures_AreNotCached_AndSayWhenCountingStarted()
    {
        using var response = await server.Client.GetAsync("/popcorn/figures");

        response.Headers.CacheControl!.NoStore.ShouldBeTrue();
        var figures = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        DateTimeOffset.Parse(figures["since"]!.GetValue<string>()).ShouldBeLessThan(DateTimeOffset.UtcNow.AddSeconds(1));
    }

    [Fact]
    public async Task Schema_SaysWhereTheFiguresAre()
    {
        var (_, _, body) = await server.GetAsync("/popcorn/schema");

        JsonNode.Parse(body)!["figuresPath"]!.GetValue<string>().ShouldBe("/popcorn/figures");
    }

    private async Task<JsonNode> Figures()
    {
        var (status, contentType, body) = await server.GetAsync("/popcorn/figures");
        (status, contentType).ShouldBe((200, "application/json"));
        return JsonNode.Parse(body)!;
    }
}

/// <summary>Outside Development the figures endpoint does not exist.</summary>
public class LiveFiguresOutsideDevelopmentTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Figures_InProduction_AreNotMapped()
    {
        var (status, _, _) = await server.GetAsync("/popcorn/figures");

        status.ShouldBe(404);
    }

    [Fact]
    public async Task Schema_SaysThereAreNoFigures_SoThePlaygroundNeverAsks()
    {
        var (_, _, body) = await server.GetAsync("/popcorn/schema");

        var schema = JsonNode.Parse(body)!.AsObject();
        schema.ContainsKey("figuresPath").ShouldBeTrue();
        schema["figuresPath"].ShouldBeNull();
    }
}

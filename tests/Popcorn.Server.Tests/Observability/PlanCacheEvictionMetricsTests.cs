namespace Popcorn.Server.Tests;

/// <summary>A host whose caches hold two entries per level, so a third selection evicts one.</summary>
public sealed class TinyCacheTestHostServer : TestHostServer
{
    protected override string[] Arguments => ["--Popcorn:PlanCacheCapacity=2"];
}

public class PlanCacheEvictionMetricsTests(TinyCacheTestHostServer server) : IClassFixture<TinyCacheTestHostServer>
{
    [Fact]
    public async Task Get_ThreeSelectionsIntoTwoSlots_CountsPlanCacheEvictions()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars/1", "[make]");
        await server.GetAsync("/api/cars/1", "[model]");
        await server.GetAsync("/api/cars/1", "[year]");

        metrics.Sum("popcorn.cache.evictions", ("popcorn.cache.name", "plans_by_text")).ShouldBe(1);
        // The gateway test shares the canonical level (its fields compile through it), so only the text level is exact.
        metrics.Sum("popcorn.cache.evictions", ("popcorn.cache.name", "plans_by_canonical_form")).ShouldBeGreaterThanOrEqualTo(1);
    }

    [Fact]
    public async Task Post_ThreeDocumentsIntoTwoSlots_CountsAGatewayDocumentEviction()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.PostGraphQLAsync("{ car(id: 1) { make } }");
        await server.PostGraphQLAsync("{ car(id: 1) { model } }");
        await server.PostGraphQLAsync("{ car(id: 1) { year } }");

        metrics.Sum("popcorn.cache.evictions", ("popcorn.cache.name", "gateway_documents")).ShouldBe(1);
    }
}

namespace Popcorn.Server.Tests;

/// <summary>The selection-cost histogram and the persisted-query counter, on a test host of this class's own.</summary>
public class SelectionCostAndPersistedQueryMetricsTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Get_ListResource_RecordsTheCostCheckedAgainstTheLimit()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars", "[make]");

        // 10 assumed cars of id and make.
        var cost = metrics.Of("popcorn.selection.cost").ShouldHaveSingleItem();
        (cost.Value, cost.Tags["popcorn.endpoint.kind"]).ShouldBe((20, "rest"));
    }

    [Fact]
    public async Task Post_Gateway_RecordsTheOperationsTotalCost()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.PostGraphQLAsync("{ a: car(id: 1) { make } b: car(id: 2) { make } }");

        // One key each: the gateway writes exactly the selected keys (no [Always] id).
        metrics.Sum("popcorn.selection.cost", ("popcorn.endpoint.kind", "gateway")).ShouldBe(2);
    }

    [Fact]
    public async Task PersistedQueries_CountMissStoredAndHit()
    {
        using var metrics = new MetricCapture(server.Services);
        string text = "{ car(id: 3) { model } } # " + Guid.NewGuid();

        await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text));
        await PersistedQueryTests.PostAsync(server.Client, text, PersistedQueryTests.Sha256(text));
        await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text));

        foreach (string result in new[] { "miss", "stored", "hit" })
        {
            metrics.Sum("popcorn.persisted_queries", ("popcorn.persisted_query.result", result)).ShouldBe(1, result);
        }
    }
}

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// The gateway's meter counts its upstream calls per service, with their result, why a failed one failed, the bytes an
/// answered one brought and how long each took: what an operator watches per service behind the gateway.
/// </summary>
public sealed class UpstreamMetricsTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    private const string Calls = "popcorn.upstream.calls";

    [Fact]
    public async Task AnsweredCall_IsCountedForItsService_WithTheBytesReadAndItsDuration()
    {
        using var metrics = new MetricCapture(server.GatewayServices);

        var (status, body) = await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        var call = metrics.Of(Calls).ShouldHaveSingleItem();
        call.Tags["popcorn.upstream.service"].ShouldBe("faulty");
        call.Tags["popcorn.upstream.result"].ShouldBe("answered");
        call.Tags.ContainsKey("error.type").ShouldBeFalse();
        var bytes = metrics.Of("popcorn.upstream.response.body.size").ShouldHaveSingleItem();
        bytes.Unit.ShouldBe("By");
        bytes.Tags["popcorn.upstream.service"].ShouldBe("faulty");
        bytes.Value.ShouldBeGreaterThan("{\"firstName\":\"\"}".Length);
        var duration = metrics.OfDouble("popcorn.upstream.duration").ShouldHaveSingleItem();
        duration.Unit.ShouldBe("s");
        duration.Value.ShouldBeGreaterThan(0);
        duration.Tags["popcorn.upstream.result"].ShouldBe("answered");
    }

    [Theory]
    [InlineData(UpstreamFault.ServerError, "http_status")]
    [InlineData(UpstreamFault.Oversized, "too_large")]
    [InlineData(UpstreamFault.Hangs, "timeout")]
    public async Task FailedCall_IsCountedAsFailed_WithWhyItFailed_AndNoBytes(UpstreamFault fault, string errorType)
    {
        using var metrics = new MetricCapture(server.GatewayServices);
        server.Faulty.Fault = fault;
        try
        {
            (await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }")).Body!["errors"].ShouldNotBeNull();
        }
        finally
        {
            server.Faulty.Fault = UpstreamFault.None;
        }

        // One call, however many attempts the resilience handler made inside it.
        var call = metrics.Of(Calls).ShouldHaveSingleItem();
        call.Tags["popcorn.upstream.service"].ShouldBe("faulty");
        call.Tags["popcorn.upstream.result"].ShouldBe("failed");
        call.Tags["error.type"].ShouldBe(errorType);
        metrics.Of("popcorn.upstream.response.body.size").ShouldBeEmpty();
    }
}

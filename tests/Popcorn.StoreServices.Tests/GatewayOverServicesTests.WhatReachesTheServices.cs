using System.Diagnostics;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// What the services receive from the gateway, seen by the proxy process in front of each (<see cref="FaultyGateway"/>):
/// only the headers the configuration forwards, the W3C trace context of the client's trace, and the end of a call
/// whose client has left.
/// </summary>
public sealed partial class GatewayOverServicesTests
{
    [Fact]
    public async Task Headers_AuthorizationReachesOnlyTheServiceConfiguredToForwardIt_ACookieNone()
    {
        var faulty = await services.FaultyGatewayAsync();
        int customersBefore = await faulty.Customers.CountAsync();
        int shippingBefore = await faulty.Shipping.CountAsync();

        var (status, body) = await faulty.QueryAsync("{ customers(first: 1) { name } shipments(first: 1) { id } }", headers: h =>
        {
            h.TryAddWithoutValidation("Authorization", "Bearer client-token");
            h.TryAddWithoutValidation("Cookie", "session=client-session");
        });

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull(body.ToJsonString());
        var customers = (await faulty.Customers.ReceivedAsync(customersBefore)).ShouldHaveSingleItem()["headers"]!;
        var shipping = (await faulty.Shipping.ReceivedAsync(shippingBefore)).ShouldHaveSingleItem()["headers"]!;
        // customers: ForwardHeaders [Authorization] (given on the test gateway's command line); shipping: none, as in
        // the sample's appsettings.json.
        (customers["Authorization"]?.GetValue<string>()).ShouldBe("Bearer client-token", customers.ToJsonString());
        shipping["Authorization"].ShouldBeNull(shipping.ToJsonString());
        customers["Cookie"].ShouldBeNull(customers.ToJsonString());
        shipping["Cookie"].ShouldBeNull(shipping.ToJsonString());
    }

    /// <remarks>
    /// The sample's gateway registers no tracing: ASP.NET Core still starts an activity for each request while its
    /// hosting logger is on (any logging, the default), continuing the client's <c>traceparent</c>, and HttpClient sends
    /// the current activity's context on.
    /// </remarks>
    [Fact]
    public async Task TraceContext_EachServiceIsCalledWithinTheClientsTrace_UnderASpanOfTheGateway()
    {
        var faulty = await services.FaultyGatewayAsync();
        int customersBefore = await faulty.Customers.CountAsync();
        int shippingBefore = await faulty.Shipping.CountAsync();
        var traceId = ActivityTraceId.CreateRandom();
        string traceparent = $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01";

        var (status, body) = await faulty.QueryAsync("{ customers(first: 1) { name } shipments(first: 1) { id } }",
            headers: h => h.TryAddWithoutValidation("traceparent", traceparent));

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull(body.ToJsonString());
        foreach (var call in new[] { (await faulty.Customers.ReceivedAsync(customersBefore)).ShouldHaveSingleItem(), (await faulty.Shipping.ReceivedAsync(shippingBefore)).ShouldHaveSingleItem() })
        {
            string? received = call["headers"]!["traceparent"]?.GetValue<string>();
            received.ShouldNotBeNull(call.ToJsonString());
            received.ShouldStartWith($"00-{traceId}-");
            received.ShouldNotBe(traceparent); // the gateway's own span lies between, not the client's header copied
        }
    }

    [Fact]
    public async Task ClientThatLeaves_CancelsTheCallTheServiceHolds()
    {
        var faulty = await services.FaultyGatewayAsync();
        int before = await faulty.Shipping.CountAsync();
        await faulty.Shipping.InjectAsync("slow"); // it would answer after a minute; the gateway waits 10 minutes for it
        try
        {
            using var leaving = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            var request = faulty.QueryAsync("{ shipments(first: 1) { id } }", cancellationToken: leaving.Token);
            (await faulty.Shipping.UntilAsync(before, calls => calls.Count > 0)).ShouldHaveSingleItem();

            await leaving.CancelAsync();

            await Should.ThrowAsync<OperationCanceledException>(request);
            var calls = await faulty.Shipping.UntilAsync(before, calls => calls[0]["aborted"]!.GetValue<bool>());
            calls.ShouldHaveSingleItem()["aborted"]!.GetValue<bool>().ShouldBeTrue("the service's call should end when its client leaves");
        }
        finally
        {
            await faulty.Shipping.InjectAsync("healthy");
        }
    }
}

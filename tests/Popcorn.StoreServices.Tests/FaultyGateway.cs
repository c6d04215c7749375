using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// One more gateway of the sample, configured by command line only: the customers and shipping services reached
/// through a <see cref="FaultProxy"/> each (the orders service directly), with limits small enough for a test to
/// pass them. The customers service: <c>Timeout</c> 3 s, <c>AttemptTimeout</c> 2 s, no retries (one call per
/// field, so a test knows which calls the proxy holds, and a timeout is waited for once), <c>MaxResponseBytes</c> 65536 and
/// <c>Authorization</c> forwarded. The shipping service: the same cap and no retries, but 10-minute timeouts, so
/// only a client leaving can end a call it holds, and no header forwarded, as in the sample's appsettings.json.
/// </summary>
internal sealed class FaultyGateway : IAsyncDisposable
{
    /// <summary>Both proxied services' cap; the tests' expected messages name it (65536).</summary>
    public const int MaxResponseBytes = 65536;

    private FaultyGateway(FaultProxy customers, FaultProxy shipping, ServiceProcess gateway)
    {
        Customers = customers;
        Shipping = shipping;
        Gateway = gateway;
        Client = new HttpClient { BaseAddress = gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
    }

    public FaultProxy Customers { get; }

    public FaultProxy Shipping { get; }

    public ServiceProcess Gateway { get; }

    /// <summary>A client of the gateway; its 30 s timeout fails a test whose request would hang.</summary>
    public HttpClient Client { get; }

    public static async Task<FaultyGateway> StartAsync(StoreServicesFixture services)
    {
        var customers = FaultProxy.StartAsync(services.Customers.Address);
        var shipping = FaultProxy.StartAsync(services.Shipping.Address);
        ServiceProcess? gateway = null;
        FaultyGateway? started = null;
        try
        {
            await Task.WhenAll(customers, shipping);
            gateway = await services.StartGatewayAsync(
                $"--Popcorn:Upstreams:customers:BaseAddress={customers.Result.Address}",
                "--Popcorn:Upstreams:customers:Timeout=00:00:03",
                "--Popcorn:Upstreams:customers:AttemptTimeout=00:00:02",
                "--Popcorn:Upstreams:customers:MaxRetries=0",
                $"--Popcorn:Upstreams:customers:MaxResponseBytes={MaxResponseBytes}",
                "--Popcorn:Upstreams:customers:ForwardHeaders:0=Authorization",
                $"--Popcorn:Upstreams:shipping:BaseAddress={shipping.Result.Address}",
                "--Popcorn:Upstreams:shipping:Timeout=00:10:00",
                "--Popcorn:Upstreams:shipping:AttemptTimeout=00:10:00",
                "--Popcorn:Upstreams:shipping:MaxRetries=0",
                $"--Popcorn:Upstreams:shipping:MaxResponseBytes={MaxResponseBytes}",
                "--Logging:LogLevel:Popcorn.Server.UpstreamClient=Debug"); // each failed call and its exception, for a failure's message
            started = new FaultyGateway(customers.Result, shipping.Result, gateway);
            await started.WarmUpAsync();
            return started;
        }
        catch
        {
            // WhenAll has let both starts end; stop whatever did start, so a failed start leaves no process behind.
            started?.Client.Dispose();
            if (gateway is not null)
            {
                await gateway.DisposeAsync();
            }

            foreach (var proxy in new[] { customers, shipping }.Where(p => p.IsCompletedSuccessfully))
            {
                await proxy.Result.DisposeAsync();
            }

            throw;
        }
    }

    /// <summary>
    /// Asks once for everything the tests ask (at most 30 s until it is answered whole), so the first test's calls are
    /// not the services' first: a cold service's first query (EF Core's model, the JIT) can take longer than 2 s on a
    /// loaded machine, which the tests would read as a fault.
    /// </summary>
    private async Task WarmUpAsync()
    {
        var watch = System.Diagnostics.Stopwatch.StartNew();
        while (true)
        {
            var (status, body) = await QueryAsync("{ orders(first: 2) { id customer { name } shipment { trackingCode } } customers(first: 1) { name } shipments(first: 1) { id } }");
            using var rest = await Client.GetAsync("/api/orders?include=(first: 2)[id,customer[name],shipment[trackingCode]]");
            if (status == 200 && body["errors"] is null && rest.IsSuccessStatusCode)
            {
                return;
            }

            if (watch.Elapsed > TimeSpan.FromSeconds(30))
            {
                throw new TimeoutException($"The gateway over the proxies still answered {status} {body.ToJsonString()} and REST {(int)rest.StatusCode} after 30 s:\n{Gateway.Output}");
            }
        }
    }

    /// <summary>POSTs a GraphQL document to the gateway's /graphql; the status and the parsed body.</summary>
    public async Task<(int Status, JsonNode Body)> QueryAsync(string query, Action<HttpRequestHeaders>? headers = null, CancellationToken cancellationToken = default)
    {
        var payload = new JsonObject { ["query"] = query };
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        headers?.Invoke(request.Headers);
        using var response = await Client.SendAsync(request, cancellationToken);
        string text = await response.Content.ReadAsStringAsync(cancellationToken);
        return ((int)response.StatusCode, JsonNode.Parse(text) ?? throw new InvalidOperationException($"{(int)response.StatusCode} with no JSON body"));
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await Gateway.DisposeAsync();
        await Customers.DisposeAsync();
        await Shipping.DisposeAsync();
    }
}

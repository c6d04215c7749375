// The gateway benchmark's other sides (bench/gateway/run.sh; issue 31). One process, three listeners:
//   Port (5410)      /bff/orders/narrow, /bff/orders/deep (hand-written), /yarp/orders (YARP), /stats/bytes,
//                    /stats/allocated (the bytes this process allocated so far: run.sh divides a run's by its requests)
//   counting forwarders on OrdersCountPort and CustomersCountPort, in front of the two services, whose answers'
//   bytes /stats/bytes reports (and ?reset=true clears): point a gateway's upstreams at them to see what it fetched;
//   /stats/calls names the last call each forwarder passed on. With UpstreamDelayMs they delay each call (a service's
//   latency), and with ViaForwarders the hand-written side and YARP go through them too (bench/gateway/latency.sh).
//   With LargeShipmentsPort, a plain shipping service there whose list is LargeShipmentsMegabytes (bench/gateway/memory.sh).
using Popcorn.Bench.Gateway;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
var upstreams = new BenchUpstreams(builder.Configuration);
builder.Services.AddSingleton(upstreams);
builder.Services.AddSingleton<ByteCounts>();
builder.Services.AddHttpClient(BenchUpstreams.Orders, client => client.BaseAddress = upstreams.OrdersTarget);
builder.Services.AddHttpClient(BenchUpstreams.Customers, client => client.BaseAddress = upstreams.CustomersTarget);
builder.Services.AddReverseProxy().LoadFromMemory(ProxyRoutes.Routes(upstreams), ProxyRoutes.Clusters(upstreams));
builder.WebHost.ConfigureKestrel(kestrel =>
{
    kestrel.ListenLocalhost(upstreams.Port);
    kestrel.ListenLocalhost(upstreams.OrdersCountPort);
    kestrel.ListenLocalhost(upstreams.CustomersCountPort);
    if (upstreams.LargeShipmentsPort is { } large)
    {
        kestrel.ListenLocalhost(large);
    }
});

var app = builder.Build();
app.UseMiddleware<ByteCountingMiddleware>();
app.MapBackendForFrontend();
app.MapGet("/stats/bytes", (ByteCounts counts, bool? reset) => counts.Report(reset == true));
app.MapGet("/stats/calls", (ByteCounts counts) => counts.LastCalls());
app.MapGet("/stats/allocated", () => GC.GetTotalAllocatedBytes(precise: true));
if (upstreams.LargeShipmentsPort is { } largePort)
{
    app.MapLargeShipments(largePort, upstreams.LargeShipmentsMegabytes * 1024L * 1024, upstreams.ShippingAddress);
}

app.MapReverseProxy();
app.Run();

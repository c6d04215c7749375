using Yarp.ReverseProxy.Configuration;

namespace Popcorn.Bench.Gateway;

/// <summary>
/// YARP's routes: <c>/yarp/orders</c> forwards to the orders service's full answer unchanged (the floor for a proxy
/// that does no work), and every request to a counting port is forwarded as it is to its service.
/// </summary>
public static class ProxyRoutes
{
    public static IReadOnlyList<RouteConfig> Routes(BenchUpstreams upstreams) =>
    [
        new RouteConfig
        {
            RouteId = "yarp-orders",
            ClusterId = upstreams.ViaForwarders ? OrdersViaForwarder : BenchUpstreams.Orders,
            Match = new RouteMatch { Path = "/yarp/orders" },
            Transforms =
            [
                new Dictionary<string, string> { ["PathSet"] = "/api/orders" },
                new Dictionary<string, string> { ["QueryValueParameter"] = "include", ["Set"] = "[!full]" },
            ],
        },
        Forward("count-orders", BenchUpstreams.Orders, upstreams.OrdersCountPort),
        Forward("count-customers", BenchUpstreams.Customers, upstreams.CustomersCountPort),
    ];

    // The orders service through its forwarder (BenchUpstreams.ViaForwarders): the same hop and delay as the other sides.
    private const string OrdersViaForwarder = "orders-via-forwarder";

    public static IReadOnlyList<ClusterConfig> Clusters(BenchUpstreams upstreams) =>
    [
        Cluster(BenchUpstreams.Orders, upstreams.OrdersAddress),
        Cluster(BenchUpstreams.Customers, upstreams.CustomersAddress),
        Cluster(OrdersViaForwarder, upstreams.OrdersTarget),
    ];

    private static RouteConfig Forward(string id, string cluster, int port) => new()
    {
        RouteId = id,
        ClusterId = cluster,
        Match = new RouteMatch { Path = "/{**rest}", Hosts = [$"localhost:{port}", $"127.0.0.1:{port}"] },
    };

    private static ClusterConfig Cluster(string id, Uri address) => new()
    {
        ClusterId = id,
        Destinations = new Dictionary<string, DestinationConfig> { ["only"] = new() { Address = address.ToString() } },
    };
}

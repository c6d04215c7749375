namespace Popcorn.Bench.Gateway;

/// <summary>Where the two services answer and where their counting forwarders listen (configuration keys of the same names).</summary>
public sealed class BenchUpstreams(IConfiguration configuration)
{
    public const string Orders = "orders";
    public const string Customers = "customers";

    /// <summary>The orders service: what a client's unchanged request and the hand-written side fetch in full.</summary>
    public Uri OrdersAddress { get; } = new(configuration["OrdersAddress"] ?? "http://127.0.0.1:5401");

    public Uri CustomersAddress { get; } = new(configuration["CustomersAddress"] ?? "http://127.0.0.1:5402");

    /// <summary>Where the hand-written side and YARP answer.</summary>
    public int Port { get; } = configuration.GetValue("Port", 5410);

    public int OrdersCountPort { get; } = configuration.GetValue("OrdersCountPort", 5411);

    public int CustomersCountPort { get; } = configuration.GetValue("CustomersCountPort", 5412);

    /// <summary>Where <see cref="LargeShipments"/> answers (configuration key <c>LargeShipmentsPort</c>); null (the default) for no such service.</summary>
    public int? LargeShipmentsPort { get; } = configuration.GetValue<int?>("LargeShipmentsPort");

    /// <summary>How large its shipment list is (configuration key <c>LargeShipmentsMegabytes</c>, default 100).</summary>
    public int LargeShipmentsMegabytes { get; } = configuration.GetValue("LargeShipmentsMegabytes", 100);

    /// <summary>The real shipping service, whose OpenAPI document the large one answers with.</summary>
    public Uri ShippingAddress { get; } = new(configuration["ShippingAddress"] ?? "http://127.0.0.1:5403");

    /// <summary>
    /// Added by the forwarders to every call they pass on (configuration key <c>UpstreamDelayMs</c>, default 0): a
    /// service's latency, as The Guild's federation benchmark gives its subgraphs one.
    /// </summary>
    public TimeSpan UpstreamDelay { get; } = TimeSpan.FromMilliseconds(configuration.GetValue("UpstreamDelayMs", 0));

    /// <summary>
    /// When true (configuration key <c>ViaForwarders</c>), the hand-written side and YARP call the services through the
    /// forwarders too, so every side pays the same hop and the same <see cref="UpstreamDelay"/>.
    /// </summary>
    public bool ViaForwarders { get; } = configuration.GetValue("ViaForwarders", false);

    /// <summary>Where the hand-written side and YARP reach the orders service.</summary>
    public Uri OrdersTarget => ViaForwarders ? new Uri($"http://127.0.0.1:{OrdersCountPort}") : OrdersAddress;

    /// <summary>Where the hand-written side reaches the customers service.</summary>
    public Uri CustomersTarget => ViaForwarders ? new Uri($"http://127.0.0.1:{CustomersCountPort}") : CustomersAddress;

    /// <summary>Each service's whole answer, as a client of an API without a selection gets it: every field, every line.</summary>
    public const string FullOrders = "/api/orders?include=[!full]";

    public const string FullCustomers = "/api/customers?include=[!full]";
}

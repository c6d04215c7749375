// The gateway: no data of its own. Popcorn:Upstreams (appsettings.json) says where the services answer; each one's
// schema is read when the gateway starts, so start the services first (run.sh does).
using Popcorn.Playground.Scaling;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));

// With ConnectionStrings:Redis set, every gateway instance shares Apollo's persisted queries and the cached REST
// responses through Redis (else each keeps its own in memory): run two behind a load balancer (docs/gateway.md).
builder.Services.AddSharedCache(builder.Configuration);

var app = builder.Build();
app.UseOutputCache();
app.MapPopcornGateway("/graphql", gateway => gateway
    .Upstream("orders")
    .Upstream("customers")

    // The shipping service knows nothing of Popcorn: its GET operations (shipments, shipment) are served from its
    // OpenAPI document, and the gateway projects its answers to each client's selection.
    .Upstream("shipping")

    // Order.customer: the customer whose id is the order's customerId, from the customers service. The gateway asks it
    // once per response level for all the orders' keys, never once per order.
    .Join("Order.customer", from: "customers", key: "customerId", description: "Who placed the order, from the customers service.")

    // Customer.orders: every order whose customerId is the customer's id, from the orders service, one call per level
    // for all the customers' keys; a client pages each customer's list with first and skip.
    .JoinMany("Customer.orders", from: "orders", targetKey: "customerId", description: "The customer's orders, from the orders service.")

    // Shipment.order: a plain service's type joined to a Popcorn service's. The gateway reads each shipment's orderId
    // from the shipping service's JSON while it copies it, and asks the orders service once for all of them.
    .Join("Shipment.order", from: "orders", key: "orderId", description: "The order the parcel carries, from the orders service.")

    // Order.shipment: a Popcorn service's type joined to the plain service's. Its shipments operation takes a list of
    // order ids (?orderId=3&orderId=7), so the gateway sends it a whole level's keys in one call.
    .Join("Order.shipment", from: "shipments", key: "id", targetKey: "orderId", description: "The order's parcel, from the shipping service; null for an order not shipped."));

// The same data over REST, with the same include syntax: GET /api/orders?include=[id,customer[name]].
app.MapPopcornUpstream("/api/orders", "orders");

// A plain service's operations too, their parameters from the route and the query string, the answers projected by
// the gateway: GET /api/shipments?orderId=3&include=[trackingCode,order[customerId]], GET /api/shipments/1002.
app.MapPopcornUpstream("/api/shipments", "shipments");
app.MapPopcornUpstream("/api/shipments/{id}", "shipment");

// And cached for 30 s per selection (any spelling), in Redis when it is configured, so another instance answers from
// the entry: what a list screen many clients open would use.
app.MapPopcornUpstream("/api/cached/orders", "orders").CacheOutput(policy => policy.Expire(TimeSpan.FromSeconds(30)));

// With Bench:Allocations (bench/gateway/run.sh sets it): the bytes this process has allocated so far, which the benchmark
// reads before and after a run to report allocations per request beside the hand-written side's. Off by default.
if (app.Configuration.GetValue<bool>("Bench:Allocations"))
{
    app.MapGet("/bench/allocated", () => GC.GetTotalAllocatedBytes(precise: true));
}

// GET /popcorn/schema: what the gateway serves, and under "upstreams" each service's schema (the shipping service's
// from its OpenAPI document) as the gateway reads it again (SchemaCheckInterval in appsettings.json): a changed schema
// is served without a restart, what it changed is reported (a breaking change is also logged as a Warning), and one
// that cannot be served is refused.
app.MapPopcornSchema();
app.Run();

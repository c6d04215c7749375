using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Bench.Host.Data;
using Popcorn.Bench.Host.GraphQLNet;
using Popcorn.Bench.Host.Models;
using Popcorn.Bench.Host.Plain;
using Popcorn.Server;

namespace Popcorn.Bench.Host;

/// <summary>
/// The HTTP benchmark's server: each data set once through Popcorn (the request's selection) and once through plain
/// System.Text.Json, on the same Kestrel, so a wrk run compares only the serialization.
/// </summary>
public static class BenchHostApp
{
    /// <summary>Creates the app; <c>--urls</c> and other host arguments pass through.</summary>
    public static WebApplication Build(string[] args)
    {
        var builder = WebApplication.CreateSlimBuilder(args);
        builder.Services.AddSingleton<OrderData>();
        builder.Services.AddSingleton<MemberData>();
        builder.Services.AddSingleton<CompanyData>();
        builder.Services.AddPopcorn(options => options.AddContext(BenchHostJsonContext.Default));
        builder.Services.AddKeyedSingleton(GraphQLPaths.GraphQLNet, (services, _) => GraphQLNetEngine.Uncached(services.GetRequiredService<CompanyData>()));
        builder.Services.AddKeyedSingleton(GraphQLPaths.GraphQLNetCached, (services, _) => GraphQLNetEngine.Cached(services.GetRequiredService<CompanyData>()));
        builder.Services.AddSingleton<GraphQLFloor>();

        var app = builder.Build();
        MapOrders(app);
        MapMembers(app);
        MapCompany(app);
        MapRuntimeCounters(app);
        return app;
    }

    /// <summary>The fair baseline: acyclic orders, plain System.Text.Json on its source-generated fast path.</summary>
    private static void MapOrders(WebApplication app)
    {
        var orders = FastPathJsonResult<List<Order>>.Require(BenchHostJsonContext.Default.ListOrder);
        app.MapGet("/orders", (OrderData data) => data.Orders).WithPopcorn();
        app.MapGet("/plain/orders", (OrderData data) => new FastPathJsonResult<List<Order>>(data.Orders, orders));
        app.MapGet("/plain/orders/pipe", (OrderData data) => new PipeFastPathJsonResult<List<Order>>(data.Orders, orders));
        app.MapGet("/plain/orders/typed-results", (OrderData data) => TypedResults.Json(data.Orders, orders));

        // The narrow selection's plain counterpart: the same bytes as /orders?include=[id,number,customer[name]].
        var narrow = FastPathJsonResult<List<NarrowOrder>>.Require(NarrowOrderJsonContext.Default.ListNarrowOrder);
        var narrowOrders = app.Services.GetRequiredService<OrderData>().Orders.Select(NarrowOrder.From).ToList();
        app.MapGet("/plain/orders/narrow", () => new FastPathJsonResult<List<NarrowOrder>>(narrowOrders, narrow));
        // The same narrow selection as CSV written by hand: the baseline of Popcorn's CSV (Accept: text/csv).
        var orderList = app.Services.GetRequiredService<OrderData>().Orders;
        app.MapGet("/plain/orders/narrow.csv", () => new HandWrittenCsvResult(orderList));
    }

    /// <summary>
    /// The server's allocation and garbage-collection counters as one line (bytes allocated, gen0, gen1 and gen2
    /// collections, total pause in ms), read before and after a wrk run to give bytes allocated per request under load.
    /// </summary>
    private static void MapRuntimeCounters(WebApplication app) =>
        app.MapGet("/bench/runtime", () => FormattableString.Invariant(
            $"{GC.GetTotalAllocatedBytes()} {GC.CollectionCount(0)} {GC.CollectionCount(1)} {GC.CollectionCount(2)} {GC.GetTotalPauseDuration().TotalMilliseconds:F1}"));

    /// <summary>
    /// The cyclic comparison: plain System.Text.Json needs <see cref="ReferenceHandler.IgnoreCycles"/> to write these
    /// members at all, and that option takes it off its fast path; Popcorn writes <c>null</c> for a cycle either way.
    /// </summary>
    private static void MapMembers(WebApplication app)
    {
        var options = new JsonSerializerOptions(BenchHostJsonContext.Default.Options) { ReferenceHandler = ReferenceHandler.IgnoreCycles };
        var members = (JsonTypeInfo<List<Member>>)options.GetTypeInfo(typeof(List<Member>));
        app.MapGet("/members", (MemberData data) => data.Members).WithPopcorn();
        app.MapGet("/plain/members", (MemberData data) => TypedResults.Json(data.Members, members));
    }

    /// <summary>
    /// The GraphQL comparison: the company data through Popcorn's gateway (<see cref="GraphQLPaths.Popcorn"/>) and through
    /// GraphQL.NET (<see cref="GraphQLPaths.GraphQLNet"/>), same schema and objects, and the gateway's nested list as a
    /// REST resource (<see cref="GraphQLPaths.RestDepartments"/>) for the gateway-vs-REST comparison; and the small
    /// query's answer with no GraphQL work (<see cref="GraphQLPaths.Floor"/>), the floor both engines stand on over HTTP.
    /// </summary>
    private static void MapCompany(WebApplication app)
    {
        app.MapGet(GraphQLPaths.RestDepartments, (CompanyData data) => data.Departments).WithPopcorn();
        app.MapPopcornGateway(GraphQLPaths.Popcorn, gateway => gateway
            .Field("departments", (CompanyData data) => data.Departments)
            .Field("employees", (CompanyData data) => data.Employees)
            .Field("employee", (int id, CompanyData data) => data.Find(id))
            .Mutation("retitleEmployee", (RetitleEmployeeInput input, CompanyData data) => data.Retitle(input.Id, input.Title)));
        foreach (string path in (string[])[GraphQLPaths.GraphQLNet, GraphQLPaths.GraphQLNetCached])
        {
            app.MapPost(path, app.Services.GetRequiredKeyedService<GraphQLNetEngine>(path).HandleAsync);
        }
        var floor = app.Services.GetRequiredService<GraphQLFloor>();
        app.MapPost(GraphQLPaths.Floor, floor.HandleAsync);
    }
}

using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Popcorn.Bench.Host.Data;
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
        builder.Services.AddPopcorn(options => options.AddContext(BenchHostJsonContext.Default));

        var app = builder.Build();
        MapOrders(app);
        MapMembers(app);
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
    }

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
}

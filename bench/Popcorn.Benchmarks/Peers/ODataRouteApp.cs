using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.OData;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OData.Edm;
using Microsoft.OData.ModelBuilder;
using Popcorn.Benchmarks.Data;
using Popcorn.Benchmarks.Models;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// The do-it-yourself routes' data (the 100 flat objects of <c>SimpleList100</c>) served twice by one slim ASP.NET Core
/// app that is never started: through Popcorn's endpoint filter (<c>?include=</c>), and through ASP.NET Core OData 9.5's
/// Minimal API support (<c>?$select=</c>) as its documentation sets it up: the handler returns an <c>IQueryable</c>,
/// OData's query filter applies the client's query options to it, and the result is written in OData's JSON format.
/// </summary>
public static class ODataRouteApp
{
    /// <summary>Popcorn's route: the list returned with <c>.WithPopcorn()</c>.</summary>
    public const string PopcornPath = "/simple";

    /// <summary>OData's route over the same list.</summary>
    public const string ODataPath = "/odata/simple";

    /// <summary>Builds the app with both routes mapped; requests reach them through <see cref="InProcessEndpoint"/>.</summary>
    public static WebApplication Build()
    {
        var builder = WebApplication.CreateSlimBuilder(["--Logging:LogLevel:Default=Warning"]);
        builder.Services.AddPopcorn(options => options.AddContext(BenchJsonContext.Default));

        // OData writes a DateTime as an offset in its configured time zone (the machine's by default); UTC makes it
        // write the instants Popcorn writes, whatever the machine's zone.
        builder.Services.AddOData(options => options.Select().SetTimeZoneInfo(TimeZoneInfo.Utc));

        var app = builder.Build();
        var items = BenchData.Instance.SimpleList;
        app.MapGet(PopcornPath, () => items).WithPopcorn();

        // OData applies $select to an IQueryable (a SelectExpandWrapper per row): over data already in memory, the
        // list's AsQueryable() is what its user returns.
        app.MapGet(ODataPath, () => items.AsQueryable())
            .AddODataQueryEndpointFilter().WithODataModel(Model()).WithODataResult();
        return app;
    }

    private static IEdmModel Model()
    {
        // The CLR names as they are (PascalCase), as BenchJsonContext writes them; Id is the key by convention.
        var builder = new ODataConventionModelBuilder();
        builder.EntitySet<SimpleModel>("simple");
        return builder.GetEdmModel();
    }
}

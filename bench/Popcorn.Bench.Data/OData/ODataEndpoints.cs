using Microsoft.AspNetCore.OData;
using Microsoft.EntityFrameworkCore;
using Microsoft.OData.Edm;
using Microsoft.OData.ModelBuilder;
using Popcorn.Bench.Data.Store;

namespace Popcorn.Bench.Data.OData;

/// <summary>
/// ASP.NET Core OData 9.5 over the same store, the way its Minimal API support is documented (OData 9.4+): the handler
/// returns the same page of orders as Popcorn's (<c>OrderBy(Id).Take(100)</c>), OData's query filter applies the
/// client's <c>$select</c>/<c>$expand</c> to that query (so EF Core translates them into the statement), and the result
/// is written in OData's JSON format (<c>@odata.context</c> and <c>value</c>), as an OData client expects.
/// </summary>
public static class ODataEndpoints
{
    /// <summary>The narrow selection, <c>[id,placedAt,customer[name]]</c>, in OData's spelling, percent-encoded.</summary>
    public const string Narrow = "%24select=id%2CplacedAt&%24expand=customer(%24select%3Dname)";

    /// <summary>The deep selection, <c>[id,placedAt,lines[quantity,product[sku,name,price]]]</c>, in OData's spelling, percent-encoded.</summary>
    public const string Deep = "%24select=id%2CplacedAt&%24expand=lines(%24select%3Dquantity%3B%24expand%3Dproduct(%24select%3Dsku%2Cname%2Cprice))";

    /// <summary>Registers OData's services with the query options the comparison uses enabled.</summary>
    public static void AddODataComparison(this IServiceCollection services) =>
        services.AddOData(options => options.Select().Expand());

    /// <summary><c>/odata/orders</c> (one statement) and <c>/odata/split/orders</c> (lines in their own statement, as the deep comparison's other sides).</summary>
    public static void MapODataComparison(this WebApplication app)
    {
        var model = Model();
        app.MapGet("/odata/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Take(DataBenchApp.Page))
            .AddODataQueryEndpointFilter().WithODataModel(model).WithODataResult();
        app.MapGet("/odata/split/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Take(DataBenchApp.Page).AsSplitQuery())
            .AddODataQueryEndpointFilter().WithODataModel(model).WithODataResult();
    }

    private static IEdmModel Model()
    {
        // Camel-cased names, as Popcorn and System.Text.Json's web defaults write them, so the two answers differ only
        // in OData's envelope and its DateTimeOffset spelling.
        var builder = new ODataConventionModelBuilder();
        builder.EnableLowerCamelCase();
        builder.EntitySet<Order>("orders");
        builder.EntitySet<Customer>("customers");
        builder.EntitySet<Product>("products");
        builder.EntityType<OrderLine>();
        return builder.GetEdmModel();
    }
}

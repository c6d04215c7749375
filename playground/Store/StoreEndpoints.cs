using Microsoft.EntityFrameworkCore;
using Popcorn.Server;

namespace Popcorn.Playground.Store;

/// <summary>
/// The database-backed resources. Each returns an EF Core <see cref="IQueryable{T}"/>: Popcorn composes the request's
/// selection into it, so the database reads only the selected columns and joins, in one statement, streamed.
/// </summary>
internal static class StoreEndpoints
{
    public static void MapStoreResources(this WebApplication app)
    {
        var store = app.MapGroup("/api/store").WithPopcorn();
        store.MapGet("/orders", (StoreDbContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id)).WithName("storeOrders");
        store.MapGet("/customers", (StoreDbContext db) => db.Customers.AsNoTracking().OrderBy(c => c.Id)).WithName("storeCustomers");
        store.MapGet("/products", (StoreDbContext db) => db.Products.AsNoTracking().OrderBy(p => p.Id)).WithName("storeProducts");
    }

    public static PopcornGatewayBuilder AddStoreFields(this PopcornGatewayBuilder gateway) => gateway
        .Field("orders", (StoreDbContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id), "Every store order, from the database.")
        .Field("customers", (StoreDbContext db) => db.Customers.AsNoTracking().OrderBy(c => c.Id), "Every store customer, from the database.")
        .Field("products", (StoreDbContext db) => db.Products.AsNoTracking().OrderBy(p => p.Id), "Every product the store sells, from the database.");
}

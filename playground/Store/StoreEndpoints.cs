using Microsoft.AspNetCore.Http.HttpResults;
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

        // The same writes as the gateway's mutations, with the same selection on the result (?include=...).
        store.MapPost("/orders", async Task<Results<Created<Order>, ProblemHttpResult>> (PlaceOrderInput input, StoreDbContext db, CancellationToken ct) =>
            await Problem(async () =>
            {
                int id = await StoreWrites.PlaceAsync(input, db, ct);
                return TypedResults.Created($"/api/store/orders/{id}", await db.Orders.AsNoTracking().Include(o => o.Customer).Include(o => o.Lines).ThenInclude(l => l.Product).SingleAsync(o => o.Id == id, ct));
            })).WithName("placeStoreOrder");
        store.MapPatch("/orders/{id:int}", async Task<Results<Ok<Order>, ProblemHttpResult>> (int id, ChangeOrderStatusInput input, StoreDbContext db, CancellationToken ct) =>
            await Problem(async () => TypedResults.Ok(await StoreWrites.ChangeStatusAsync(id, input.Status, db, ct)))).WithName("changeStoreOrderStatus");
        store.MapPost("/orders/{id:int}/cancel", async Task<Results<Ok<Order>, ProblemHttpResult>> (int id, StoreDbContext db, CancellationToken ct) =>
            await Problem(async () => TypedResults.Ok(await StoreWrites.CancelAsync(id, db, ct)))).WithName("cancelStoreOrder");
    }

    /// <summary>A domain failure as a problem: 404 for NOT_FOUND, 422 for the rest, the code in the problem's extensions.</summary>
    private static async Task<Results<T, ProblemHttpResult>> Problem<T>(Func<Task<T>> write)
        where T : IResult
    {
        try
        {
            return await write();
        }
        catch (PopcornFieldException e)
        {
            int status = e.Code == "NOT_FOUND" ? StatusCodes.Status404NotFound : StatusCodes.Status422UnprocessableEntity;
            return TypedResults.Problem(statusCode: status, title: "The order was not changed", detail: e.Message, extensions: new Dictionary<string, object?> { ["code"] = e.Code });
        }
    }

    public static PopcornGatewayBuilder AddStoreFields(this PopcornGatewayBuilder gateway) => gateway
        .Field("orders", (StoreDbContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id), "Every store order, from the database.")
        .Field("customers", (StoreDbContext db) => db.Customers.AsNoTracking().OrderBy(c => c.Id), "Every store customer, from the database.")
        .Field("products", (StoreDbContext db) => db.Products.AsNoTracking().OrderBy(p => p.Id), "Every product the store sells, from the database.")
        .Mutation("placeOrder", async (PlaceOrderInput input, StoreDbContext db, CancellationToken ct) =>
        {
            int id = await StoreWrites.PlaceAsync(input, db, ct);
            return db.Orders.AsNoTracking().Where(o => o.Id == id); // read back by the selection: one projected statement
        }, "Places an order at today's prices; the placed order (a list of one, read back from the database by your selection).")
        .Mutation("changeOrderStatus", (int id, OrderStatus status, StoreDbContext db, CancellationToken ct) => StoreWrites.ChangeStatusAsync(id, status, db, ct),
            "Moves an order along: Open, Shipped, Delivered (never back).")
        .Mutation("cancelOrder", (int id, StoreDbContext db, CancellationToken ct) => StoreWrites.CancelAsync(id, db, ct),
            "Cancels an open order (it is deleted); the order as it was.");
}

using Microsoft.EntityFrameworkCore;
using Popcorn.Server;

namespace Popcorn.Playground.Store;

/// <summary>
/// The store's writes, shared by the REST endpoints and the gateway's mutations: each checks the input's content
/// against the database and throws <see cref="PopcornFieldException"/> with a code for what the client got wrong.
/// </summary>
internal static class StoreWrites
{
    /// <summary>Places an order at today's prices, in one transaction; its id.</summary>
    public static async Task<int> PlaceAsync(PlaceOrderInput input, StoreDbContext db, CancellationToken ct)
    {
        if (input.Lines.Count == 0)
        {
            throw new PopcornFieldException("An order needs at least one line.", "EMPTY_ORDER");
        }

        if (input.Lines.FirstOrDefault(l => l.Quantity < 1) is { } bad)
        {
            throw new PopcornFieldException($"The quantity of product {bad.ProductId} must be at least 1, not {bad.Quantity}.", "BAD_QUANTITY");
        }

        if (!await db.Customers.AnyAsync(c => c.Id == input.CustomerId, ct))
        {
            throw new PopcornFieldException($"No customer has id {input.CustomerId}.", "NOT_FOUND");
        }

        var ids = input.Lines.Select(l => l.ProductId).Distinct().ToArray();
        var prices = await db.Products.Where(p => ids.Contains(p.Id)).ToDictionaryAsync(p => p.Id, p => p.Price, ct);
        if (ids.FirstOrDefault(id => !prices.ContainsKey(id)) is int missing and not 0)
        {
            throw new PopcornFieldException($"No product has id {missing}.", "NOT_FOUND");
        }

        var order = new Order
        {
            CustomerId = input.CustomerId,
            PlacedAt = DateTime.UtcNow,
            Status = OrderStatus.Open,
            Note = input.Note,
            Lines = input.Lines.Select(l => new OrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = prices[l.ProductId] }).ToList(),
        };
        db.Orders.Add(order);
        await db.SaveChangesAsync(ct); // one SaveChanges: EF Core wraps the order and its lines in one transaction
        return order.Id;
    }

    /// <summary>Moves an order along (Open, Shipped, Delivered; never back); the order, loaded for writing.</summary>
    public static async Task<Order> ChangeStatusAsync(int id, OrderStatus status, StoreDbContext db, CancellationToken ct)
    {
        var order = await LoadAsync(id, db, ct);
        if (status < order.Status)
        {
            throw new PopcornFieldException($"Order {id} is {order.Status} and cannot go back to {status}.", "INVALID_TRANSITION");
        }

        order.Status = status;
        await db.SaveChangesAsync(ct);
        return order;
    }

    /// <summary>Cancels an order that has not shipped: it and its lines are deleted; the order as it was.</summary>
    public static async Task<Order> CancelAsync(int id, StoreDbContext db, CancellationToken ct)
    {
        var order = await LoadAsync(id, db, ct);
        if (order.Status != OrderStatus.Open)
        {
            throw new PopcornFieldException($"Order {id} is {order.Status}: only an open order can be cancelled.", "INVALID_TRANSITION");
        }

        db.OrderLines.RemoveRange(order.Lines);
        db.Orders.Remove(order);
        await db.SaveChangesAsync(ct);
        return order;
    }

    /// <summary>One order with what its selection can reach loaded (a single object is written from memory, not projected).</summary>
    private static async Task<Order> LoadAsync(int id, StoreDbContext db, CancellationToken ct) =>
        await db.Orders.Include(o => o.Customer).Include(o => o.Lines).ThenInclude(l => l.Product).SingleOrDefaultAsync(o => o.Id == id, ct)
        ?? throw new PopcornFieldException($"No order has id {id}.", "NOT_FOUND");
}

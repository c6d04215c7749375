using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>
/// A DTO the app makes itself in its query (<see cref="OrderCards"/>): a column, a joined column, a count subquery, a
/// nested DTO and a DTO list, each of which the narrowed <c>Select</c> must drop when it is not selected.
/// </summary>
public sealed class OrderCard
{
    [Always, Sortable] public int Id { get; init; }

    [Default, Sortable, Filterable] public string Status { get; init; } = "";

    public string? Note { get; init; }

    public string CustomerName { get; init; } = "";

    public int LineCount { get; init; }

    public CustomerCard? Customer { get; init; }

    [Filterable] public List<LineCard> Lines { get; init; } = [];

    [Never, JsonIgnore] public string InternalNote { get; init; } = "";
}

/// <summary>A nested DTO of <see cref="OrderCard"/>.</summary>
public sealed class CustomerCard
{
    [Always] public int Id { get; init; }

    [Default] public string Name { get; init; } = "";

    public string Email { get; init; } = "";
}

/// <summary>An element of <see cref="OrderCard.Lines"/>.</summary>
public sealed class LineCard
{
    [Always] public int Id { get; init; }

    [Default, Filterable] public int Quantity { get; init; }

    public string Sku { get; init; } = "";
}

/// <summary>The app's own DTO query, as an endpoint would write it.</summary>
public static class OrderCards
{
    public static IQueryable<OrderCard> Of(StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Select(o => new OrderCard
    {
        Id = o.Id,
        Status = o.Status,
        Note = o.Note,
        CustomerName = o.Customer.Name,
        LineCount = o.Lines.Count,
        Customer = new CustomerCard { Id = o.Customer.Id, Name = o.Customer.Name, Email = o.Customer.Email },
        Lines = o.Lines.OrderBy(l => l.Id).Select(l => new LineCard { Id = l.Id, Quantity = l.Quantity, Sku = l.Product.Sku }).ToList(),
        InternalNote = o.InternalNote,
    });
}

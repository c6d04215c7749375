using Microsoft.EntityFrameworkCore;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>
/// An order as the app's own DTO query, with a member the database row does not have: the order's total quantity,
/// resolved for every card of a response in one grouped statement (<see cref="CardQuantities"/>).
/// </summary>
public sealed class ScoredCard
{
    [Always, Sortable] public int Id { get; init; }

    [Default] public string Status { get; init; } = "";

    public string? Note { get; init; }

    /// <summary>The sum of the order's line quantities; never set by the query.</summary>
    [BatchResolved(typeof(CardQuantities))]
    public int? Quantity { get; init; }
}

/// <summary>The cards of <see cref="ScoredCard"/>, as an app writes them.</summary>
public static class ScoredCards
{
    public static IQueryable<ScoredCard> Of(StoreDbContext db) =>
        db.Orders.OrderBy(o => o.Id).Select(o => new ScoredCard { Id = o.Id, Status = o.Status, Note = o.Note });
}

/// <summary>Each card's total quantity, with the request's own <see cref="StoreDbContext"/>: one <c>GROUP BY</c> per call.</summary>
public sealed class CardQuantities(StoreDbContext db) : IPopcornBatchResolver<ScoredCard, int?>
{
    public async ValueTask<IReadOnlyList<int?>> ResolveAsync(IReadOnlyList<ScoredCard> parents, CancellationToken cancellationToken)
    {
        int[] ids = parents.Select(p => p.Id).ToArray();
        var sums = await db.OrderLines.Where(l => ids.Contains(l.OrderId))
            .GroupBy(l => l.OrderId)
            .Select(g => new { OrderId = g.Key, Quantity = g.Sum(l => l.Quantity) })
            .ToDictionaryAsync(g => g.OrderId, g => g.Quantity, cancellationToken);
        return parents.Select(p => (int?)sums.GetValueOrDefault(p.Id)).ToArray();
    }
}

using Microsoft.EntityFrameworkCore;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Order notes that exercise the text filters: case, <c>LIKE</c>'s wildcards and escape character, non-ASCII letters,
/// characters outside the BMP. Written over the seeded orders 1 to 10 (their other notes stay "note N" or null).
/// </summary>
public static class TextNotes
{
    public static readonly (int Id, string Note)[] Rows =
    [
        (1, "Gift 100% wrapped"), (2, "snake_case label"), (3, "back\\slash path"), (4, "Émile's order"),
        (5, "émilie called"), (6, "GIFT for ANNE"), (7, "gift_100x"), (8, "Anne: 50%_off"), (9, "Straße 5"),
        (10, "🎁 box 🎁"),
    ];

    /// <summary>Idempotent: the tests of one class share their database.</summary>
    public static async Task WriteAsync(IStoreDatabase store)
    {
        await using var db = store.CreateContext();
        foreach (var (id, note) in Rows)
        {
            await db.Orders.Where(o => o.Id == id).ExecuteUpdateAsync(set => set.SetProperty(o => o.Note, note));
        }

        store.Sql.Clear();
    }
}

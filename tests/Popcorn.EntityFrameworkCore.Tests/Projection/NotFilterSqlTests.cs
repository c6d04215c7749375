using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// <c>not</c> is two-valued in SQL as in memory: a comparison that is false for a null note (an order, a text match,
/// an <c>in</c>) is true under <c>not</c>, where SQL's <c>NOT</c> of unknown would drop the row.
/// </summary>
public abstract class NotFilterSqlTests(IStoreDatabase store)
{
    private static readonly string[] s_filters =
    [
        "{not: {status: \"open\"}}", "{not: {note: {gt: \"note 5\"}}}", "{not: {note: {lte: \"note 3\"}}}", "{not: {note: {contains: \"1\"}}}",
        "{not: {note: {contains: \"GIFT\", mode: INSENSITIVE}}}", "{not: {note: {startsWith: \"note 2\"}}}", "{not: {note: {endsWith: \"0\", mode: INSENSITIVE}}}",
        "{not: {note: {in: [\"note 11\", \"note 12\"]}}}", "{not: {note: {in: [null, \"note 13\"]}}}", "{not: {note: null}}", "{not: {note: {neq: null}}}",
        "{not: {or: [{status: \"open\"}, {note: {startsWith: \"note 2\"}}]}}", "{not: {and: [{status: \"shipped\"}, {note: {gte: \"note 4\"}}]}}",
        "{not: {not: {note: {lt: \"note 4\"}}}}", "{status: \"shipped\", not: {id: {lte: 40}}}", "{or: [{not: {note: {gt: \"note 7\"}}}, {id: 1}]}",
        "{not: {id: {in: [1, 2, 3]}, note: {contains: \"note\"}}}",
    ];

    [StoreFact]
    public async Task Where_Not_KeepsTheRowsTheSameFilterKeepsInMemory_NullsIncluded()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();
        var all = await db.Orders.OrderBy(o => o.Id).ToListAsync();
        all.ShouldContain(o => o.Note == null);

        foreach (string where in s_filters)
        {
            var plan = Json.Plan<Order>($"(where: {where})[id]");
            var projected = await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync();

            projected.ShouldBe(plan.Arguments!.Apply(all)!.Select(o => o.Id), where);
        }
    }

    [StoreFact]
    public async Task Where_NotOverANullableColumn_KeepsEveryNullRow_InOneStatement()
    {
        await using var db = store.CreateContext();
        var nullNotes = await db.Orders.Where(o => o.Note == null).Select(o => o.Id).ToListAsync();
        store.Sql.Clear();

        var ids = await db.Orders.OrderBy(o => o.Id).Project(Json.Plan<Order>("(where: {not: {note: {gt: \"note 5\"}}})[id]")).Select(o => o.Id).ToListAsync();

        // SQL's NOT of unknown would drop them; EF Core's C# null semantics write a CASE (or a null test) that keeps them.
        store.Sql.Commands.ShouldHaveSingleItem();
        nullNotes.ShouldNotBeEmpty();
        nullNotes.ShouldAllBe(id => ids.Contains(id));
    }

    [StoreFact]
    public async Task Where_NotOnANestedList_IsInTheSameStatement_AndKeepsNullNotes()
    {
        var plan = Json.Plan<Customer>("[name,orders(where: {not: {note: {endsWith: \"0\"}}})[id,note]]");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        store.Sql.Commands.ShouldHaveSingleItem().ShouldContain("NOT");
        var orders = customers.SelectMany(c => c.Orders).ToList();
        orders.ShouldContain(o => o.Note == null);
        orders.ShouldAllBe(o => o.Note == null || !o.Note.EndsWith('0'));
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteNotFilterSqlTests(SqliteStore store) : NotFilterSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL.</summary>
public sealed class PostgresNotFilterSqlTests(PostgresStore store) : NotFilterSqlTests(store), IClassFixture<PostgresStore>;

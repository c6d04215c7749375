using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// Keyset paging (<c>after</c>) in the database: the cursor becomes a seek predicate in the root statement's
/// <c>WHERE</c>, never an <c>OFFSET</c>, with its values as parameters; walking every page reads every row once, in the
/// order the same arguments give in memory, and a row inserted before the cursor does not shift the next page.
/// </summary>
public abstract class CursorSqlTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Project_AfterACursor_IsASeekPredicate_NotAnOffset()
    {
        var first = Json.Plan<Order>("(first: 10, orderBy: {placedAt: DESC})[status]");
        await using var db = store.CreateContext();
        var page1 = await db.Orders.Project(first).ToListAsync();
        string cursor = first.Arguments!.Cursors!.CursorOf(page1[^1]);
        var next = Json.Plan<Order>($"(first: 10, orderBy: {{placedAt: DESC}}, after: \"{cursor}\")[status]");
        store.Sql.Clear();

        var page2 = await db.Orders.Project(next).ToListAsync();

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("WHERE", Case.Sensitive, sql);
        sql.ShouldNotContain("OFFSET", Case.Insensitive, sql);
        sql.ShouldContain("\"PlacedAt\" < @", Case.Sensitive, sql);
        // The first key's range on its own, which lets the database seek in an index on it rather than scan and test.
        sql.ShouldContain("\"PlacedAt\" <= @", Case.Sensitive, sql);
        var expected = (await db.Orders.AsNoTracking().ToListAsync()).OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).Skip(10).Take(10).Select(o => o.Id);
        page2.Select(o => o.Id).ShouldBe(expected);
    }

    [StoreFact]
    public async Task Project_WalkingEveryPageByCursor_ReadsEveryRowOnce_InTheInMemoryOrder()
    {
        // note is nullable: the seek must step from the nulls (first ascending) into the values.
        const string Arguments = "first: 7, orderBy: [{note: ASC}, {status: DESC}], where: {id: {gt: 3}}";
        await using var db = store.CreateContext();
        var all = await db.Orders.AsNoTracking().ToListAsync();
        var walked = new List<int>();
        string? cursor = null;
        for (int pages = 0; pages < 100; pages++)
        {
            var plan = Json.Plan<Order>($"({Arguments}{(cursor is null ? "" : $", after: \"{cursor}\"")})[id,note,status]");
            var page = await db.Orders.AsNoTracking().Project(plan).ToListAsync();
            plan.Arguments!.Apply(all)!.Select(o => o.Id).ShouldBe(page.Select(o => o.Id), $"page {pages}");
            walked.AddRange(page.Select(o => o.Id));
            if (page.Count < 7)
            {
                break;
            }

            cursor = plan.Arguments!.Cursors!.CursorOf(page[^1]);
        }

        var expected = Json.Plan<Order>($"({Arguments.Replace("first: 7, ", "")})[id]").Arguments!.Apply(all)!.Select(o => o.Id);
        walked.ShouldBe(expected);
        walked.ShouldBeUnique();
    }

    [StoreFact]
    public async Task Project_RowsInsertedBeforeTheCursor_DoNotShiftTheNextPage()
    {
        var first = Json.Plan<Order>("(first: 5, orderBy: {placedAt: ASC})[placedAt]");
        await using var db = store.CreateContext();
        var page1 = await db.Orders.AsNoTracking().Project(first).ToListAsync();
        string cursor = first.Arguments!.Cursors!.CursorOf(page1[^1]);
        var expected = (await db.Orders.AsNoTracking().ToListAsync()).OrderBy(o => o.PlacedAt).ThenBy(o => o.Id).Skip(5).Take(5).Select(o => o.Id).ToList();
        // An explicit key: the seed sets its own, so PostgreSQL's identity sequence was never advanced.
        var inserted = new Order { Id = await db.Orders.MaxAsync(o => o.Id) + 1000, PlacedAt = page1[0].PlacedAt.AddDays(-1), Status = "open", CustomerId = (await db.Customers.FirstAsync()).Id, InternalNote = "" };
        db.Orders.Add(inserted);
        await db.SaveChangesAsync();
        try
        {
            var next = Json.Plan<Order>($"(first: 5, orderBy: {{placedAt: ASC}}, after: \"{cursor}\")[placedAt]");
            var page2 = await db.Orders.AsNoTracking().Project(next).ToListAsync();

            page2.Select(o => o.Id).ShouldBe(expected);
        }
        finally
        {
            db.Orders.Remove(inserted);
            await db.SaveChangesAsync();
        }
    }

    [StoreFact]
    public async Task Project_NestedListAfterACursor_IsSeekedInTheSameStatement()
    {
        var lines = await LinesOfFirstCustomerOrderAsync();
        var plan0 = Json.Plan<OrderLine>("(first: 1, orderBy: {quantity: DESC})[quantity]");
        var arranged = plan0.Arguments!.Apply(lines)!;
        string cursor = plan0.Arguments!.Cursors!.CursorOf(arranged[0]);
        var plan = Json.Plan<Order>($"[lines(orderBy: {{quantity: DESC}}, after: \"{cursor}\")[quantity]]");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var orders = await db.Orders.Where(o => o.Id == lines[0].OrderId).Project(plan).ToListAsync();

        store.Sql.Commands.ShouldHaveSingleItem().ShouldNotContain("OFFSET", Case.Insensitive);
        var expected = Json.Plan<OrderLine>("(orderBy: {quantity: DESC})[quantity]").Arguments!.Apply(lines)!.Skip(1).Select(l => l.Id);
        orders.ShouldHaveSingleItem().Lines.Select(l => l.Id).ShouldBe(expected);
    }

    private async Task<List<OrderLine>> LinesOfFirstCustomerOrderAsync()
    {
        await using var db = store.CreateContext();
        int orderId = await db.Orders.Where(o => o.Lines.Count > 2).OrderBy(o => o.Id).Select(o => o.Id).FirstAsync();
        return await db.Set<OrderLine>().AsNoTracking().Where(l => l.OrderId == orderId).OrderBy(l => l.Id).ToListAsync();
    }
}

/// <summary>The cursor tests on SQLite in memory.</summary>
public sealed class SqliteCursorSqlTests(SqliteStore store) : CursorSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>The cursor tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresCursorSqlTests(PostgresStore store) : CursorSqlTests(store), IClassFixture<PostgresStore>;

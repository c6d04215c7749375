using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// Filters through a reference (a join) and over a list (<c>some</c>/<c>all</c>/<c>none</c>: <c>EXISTS</c>,
/// <c>NOT EXISTS</c>) are translated into the one statement, values as parameters, and keep the same rows as the same
/// filter applied in memory to the whole store's graph, at the root and on a nested list.
/// </summary>
public abstract class NavigationFilterSqlTests(IStoreDatabase store)
{
    private static readonly string[] s_orderFilters =
    [
        "{customer: {name: \"Customer 3\"}}", "{customer: {name: {startsWith: \"customer 1\", mode: INSENSITIVE}}}",
        "{customer: {referredBy: {name: {lt: \"Customer 2\"}}}}", "{customer: {referredBy: null}}", "{customer: {referredBy: {}}}",
        "{not: {customer: {referredBy: {name: \"Customer 1\"}}}}", "{customer: null}", "{customer: {}}",
        "{lines: {some: {quantity: {gte: 5}}}}", "{lines: {all: {quantity: {gte: 3}}}}", "{lines: {none: {quantity: 1}}}",
        "{lines: {some: {}}}", "{lines: {none: {}}}", "{lines: {all: {}}}", "{lines: {some: {product: {sku: \"SKU-003\"}}}}",
        "{lines: {all: {product: {sku: {in: [\"SKU-001\", \"SKU-002\", \"SKU-003\"]}}}}}", "{lines: {some: {quantity: 5}, none: {quantity: 1}}}",
        "{not: {lines: {all: {quantity: {lt: 4}}}}}", "{or: [{lines: {none: {}}}, {customer: {name: \"Customer 7\"}}]}",
        "{customer: {orders: {some: {status: \"open\", lines: {some: {quantity: 5}}}}}}", "{status: \"shipped\", lines: {some: {quantity: {gt: 3}}}}",
    ];

    private static readonly string[] s_customerFilters =
    [
        "{orders: {some: {status: \"open\"}}}", "{orders: {all: {status: \"open\"}}}", "{orders: {none: {}}}",
        "{orders: {some: {lines: {none: {}}}}}", "{referredBy: {orders: {some: {note: null}}}}", "{not: {orders: {some: {note: {contains: \"1\"}}}}}",
    ];

    [StoreFact]
    public async Task Where_ThroughReferencesAndLists_KeepsTheRowsTheSameFilterKeepsInMemory()
    {
        await using var memory = await LoadWholeStoreAsync();
        await using var db = store.CreateContext();
        var orders = memory.Orders.Local.OrderBy(o => o.Id).ToList();
        var customers = memory.Customers.Local.OrderBy(c => c.Id).ToList();

        int keepingSome = 0;
        foreach (string where in s_orderFilters)
        {
            var plan = Json.Plan<Order>($"(where: {where})[id]");
            var expected = plan.Arguments!.Apply(orders)!.Select(o => o.Id).ToList();
            keepingSome += expected.Count is > 0 and < 80 ? 1 : 0;

            (await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync()).ShouldBe(expected, where);
        }

        // Filters that keep every row or none would prove little: most keep some and drop others.
        keepingSome.ShouldBeGreaterThan(s_orderFilters.Length * 2 / 3);

        foreach (string where in s_customerFilters)
        {
            var plan = Json.Plan<Customer>($"(where: {where})[id]");
            var expected = plan.Arguments!.Apply(customers)!.Select(c => c.Id).ToList();

            (await db.Customers.OrderBy(c => c.Id).Project(plan).Select(c => c.Id).ToListAsync()).ShouldBe(expected, where);
        }
    }

    [StoreFact]
    public async Task Where_ThroughAReference_IsAJoinInTheStatement_WithTheValueAsAParameter()
    {
        await using var db = store.CreateContext();
        string referrer = await db.Orders.Where(o => o.Customer.ReferredBy != null).OrderBy(o => o.Id).Select(o => o.Customer.ReferredBy!.Name).FirstAsync();
        store.Sql.Clear();

        var ids = await IdsAsync(db, $"{{customer: {{referredBy: {{name: \"{referrer}\"}}}}}}");

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        ids.ShouldNotBeEmpty(sql);
        sql.ShouldContain("JOIN", Case.Sensitive, sql);
        sql.ShouldNotContain(referrer, Case.Sensitive, sql);
    }

    [StoreFact]
    public async Task Where_SomeAllNone_AreExistsSubqueriesInTheStatement()
    {
        await using var db = store.CreateContext();

        foreach (string quantifier in new[] { "some", "all", "none" })
        {
            store.Sql.Clear();
            await IdsAsync(db, $"{{lines: {{{quantifier}: {{quantity: {{gt: 4}}}}}}}}");

            var sql = store.Sql.Commands.ShouldHaveSingleItem();
            sql.ShouldContain("EXISTS (", Case.Sensitive, sql);
            if (quantifier != "some")
            {
                sql.ShouldContain("NOT EXISTS (", Case.Sensitive, sql);
            }
        }
    }

    [StoreFact]
    public async Task Where_OverAListOnANestedList_IsAppliedInTheSameStatement()
    {
        await using var memory = await LoadWholeStoreAsync();
        var plan = Json.Plan<Customer>("[name,orders(where: {lines: {some: {product: {sku: \"SKU-003\"}}}})[id]]");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("EXISTS (");
        // The projected rows hold only what was selected, so they are written with the plan less what the query applied.
        Json.Write(customers, plan.ForQueriedRows()).ShouldBe(Json.Write(memory.Customers.Local.OrderBy(c => c.Id), plan), sql);
        customers.SelectMany(c => c.Orders).ShouldNotBeEmpty();
    }

    private static async Task<List<int>> IdsAsync(StoreDbContext db, string where)
    {
        var plan = Json.Plan<Order>($"(where: {where})[id]");
        return await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync();
    }

    /// <summary>Every row tracked by one context, so its navigations are fixed up both ways, collections in key order.</summary>
    private async Task<StoreDbContext> LoadWholeStoreAsync()
    {
        var memory = store.CreateContext();
        await memory.Products.LoadAsync();
        await memory.Customers.LoadAsync();
        await memory.Orders.Include(o => o.Lines).LoadAsync();
        foreach (var customer in memory.Customers.Local)
        {
            customer.Orders.Sort((a, b) => a.Id.CompareTo(b.Id));
        }

        return memory;
    }
}

/// <summary>The navigation filter tests on SQLite in memory.</summary>
public sealed class SqliteNavigationFilterSqlTests(SqliteStore store) : NavigationFilterSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>The navigation filter tests on PostgreSQL.</summary>
public sealed class PostgresNavigationFilterSqlTests(PostgresStore store) : NavigationFilterSqlTests(store), IClassFixture<PostgresStore>;

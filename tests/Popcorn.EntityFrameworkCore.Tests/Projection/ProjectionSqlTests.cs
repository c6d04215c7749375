using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>What the database is asked for: the SQL EF sends for projected selections, on each provider.</summary>
public abstract class ProjectionSqlTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Project_ScalarSelection_ReadsOnlySelectedColumnsAndTheKey()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var orders = await db.Orders.Project(Json.Plan<Order>("[placedAt]")).ToListAsync();

        orders.Count.ShouldBe(80);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("\"PlacedAt\"");
        sql.ShouldContain("\"Id\"");
        foreach (string unselected in new[] { "\"Status\"", "\"Note\"", "\"InternalNote\"", "\"CustomerId\"", "JOIN" })
        {
            sql.ShouldNotContain(unselected, customMessage: sql);
        }
    }

    [StoreFact]
    public async Task Project_NestedCollectionsAndReferences_SendOneCommandWithoutNeverColumns()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers
            .Project(Json.Plan<Customer>("[name,referredBy[name],orders[status,lines[quantity,product[sku]]]]"))
            .ToListAsync();

        customers.Count.ShouldBe(30);
        customers.Sum(c => c.Orders.Count).ShouldBe(80);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("\"Sku\"");
        sql.ShouldContain("\"Quantity\"");
        foreach (string unread in new[] { "\"PasswordHash\"", "\"InternalNote\"", "\"Cost\"", "\"Email\"", "\"UnitPrice\"", "\"Price\"", "\"PlacedAt\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }
    }

    [StoreFact]
    public async Task Project_RequiredReference_IsJoinedWithoutANullTest()
    {
        // An order's customer is required (non-nullable foreign key): EF joins it with INNER JOIN, so a null test would
        // only add a constant column (0 on SQLite, FALSE on PostgreSQL) to every row.
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var orders = await db.Orders.Project(Json.Plan<Order>("[customer[name]]")).ToListAsync();

        orders.ShouldAllBe(o => o.Customer != null && o.Customer.Name != "");
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("INNER JOIN", customMessage: sql);
        string columns = sql[..sql.IndexOf("FROM", StringComparison.Ordinal)];
        columns.Split(',').Length.ShouldBe(3, customMessage: sql); // the order's key, the customer's key and name
    }

    [StoreFact]
    public async Task Project_OptionalReference_KeepsItsNullTest()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.Project(Json.Plan<Customer>("[referredBy[name]]")).ToListAsync();

        customers.ShouldContain(c => c.ReferredBy == null);
        customers.ShouldContain(c => c.ReferredBy != null);
        store.Sql.Commands.ShouldHaveSingleItem().ShouldContain("LEFT JOIN");
    }

    [StoreFact]
    public async Task Project_Wildcards_NeverReadNeverColumns()
    {
        foreach (string selection in new[] { "[!full]", "[!all]", "{ __full }" })
        {
            await using var db = store.CreateContext();
            store.Sql.Clear();

            await db.Customers.Project(Json.Plan<Customer>(selection)).ToListAsync();

            var sql = store.Sql.Commands.ShouldHaveSingleItem(selection);
            sql.ShouldNotContain("\"PasswordHash\"");
            sql.ShouldNotContain("\"InternalNote\"");
            sql.ShouldNotContain("\"Cost\"");
        }
    }

    [StoreFact]
    public async Task Project_DeepWildcardOverCycles_TerminatesAndCutsWhereThePlanMeetsItself()
    {
        await using var db = store.CreateContext();
        var plan = Json.Plan<Customer>("[!full]");

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        // Customer's full plan meets itself at referredBy and at orders[customer]: both are read as null.
        customers.ShouldAllBe(c => c.ReferredBy == null);
        customers.SelectMany(c => c.Orders).ShouldAllBe(o => o.Customer == null);
        customers.SelectMany(c => c.Orders).SelectMany(o => o.Lines).ShouldAllBe(l => l.Product != null && l.Product.Sku != "");
        Json.Write(customers, plan).ShouldContain("\"referredBy\":null");
    }

    [StoreFact]
    public async Task Project_SelfReferenceSelectedExplicitly_IsReadToTheDepthAsked()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.OrderBy(c => c.Id)
            .Project(Json.Plan<Customer>("[name,referredBy[name,referredBy[name]]]"))
            .ToListAsync();

        var expected = await db.Customers.AsNoTracking().Include(c => c.ReferredBy).ThenInclude(r => r!.ReferredBy).OrderBy(c => c.Id).ToListAsync();
        customers.Select(c => c.ReferredBy?.ReferredBy?.Name).ShouldBe(expected.Select(c => c.ReferredBy?.ReferredBy?.Name));
        customers.ShouldContain(c => c.ReferredBy != null && c.ReferredBy.ReferredBy != null);
        store.Sql.Commands[0].ShouldNotContain("\"Email\"");
    }

    [StoreFact]
    public async Task Project_AliasesOfOneNavigation_ReadTheUnionOfTheirSelections()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();
        var plan = Json.Plan<Order>("[a:customer[name],b:customer[email]]");

        var orders = await db.Orders.Project(plan).ToListAsync();

        orders.ShouldAllBe(o => o.Customer.Name != "" && o.Customer.Email != "");
        store.Sql.Commands.ShouldHaveSingleItem().ShouldNotContain("\"PasswordHash\"");
    }

    [StoreFact]
    public void TryProject_ComputedMember_RefusesNamingTheMember()
    {
        using var db = store.CreateContext();

        bool projected = db.Coupons.TryProject(Json.Plan<Coupon>("[label]"), out _, out string? refusal);

        projected.ShouldBeFalse();
        refusal.ShouldNotBeNull();
        refusal.ShouldContain("Coupon.Label");
        refusal.ShouldContain("not mapped");
        Should.Throw<ProjectionNotSupportedException>(() => db.Coupons.Project(Json.Plan<Coupon>("[label]")));
    }

    [StoreFact]
    public void TryProject_QueryOutsideEfCore_Refuses()
    {
        var inMemory = new List<Order>().AsQueryable();

        inMemory.TryProject(Json.Plan<Order>("[id]"), out _, out string? refusal).ShouldBeFalse();
        refusal.ShouldContain("not an EF Core query");
    }

    [StoreFact]
    public void Project_SamePlanTwice_BuildsTheSelectorOnce()
    {
        using var db = store.CreateContext();
        var plan = Json.Plan<Order>("[id,lines[quantity]]");
        var entityType = db.Model.FindEntityType(typeof(Order))!;

        var first = ProjectionCache.Get(plan, entityType);
        var second = ProjectionCache.Get(plan, entityType);

        second.Selector.ShouldNotBeNull();
        second.ShouldBeSameAs(first);
    }
}

/// <summary>The SQL tests on SQLite in memory.</summary>
public sealed class SqliteProjectionSqlTests(SqliteStore store) : ProjectionSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>The SQL tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresProjectionSqlTests(PostgresStore store) : ProjectionSqlTests(store), IClassFixture<PostgresStore>;

using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// Arguments on nested collections are applied by the database: the SQL EF sends filters, orders and pages them, with
/// every client value as a parameter; the rows equal the same arguments applied in memory.
/// </summary>
public abstract class ArgumentSqlTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Project_CollectionArguments_AreInTheSql_WithValuesAsParameters()
    {
        var plan = Json.Plan<Customer>("""[name,orders(first: 2, skip: 1, orderBy: {placedAt: DESC}, where: {status: "shipped", id: {gte: 5}})[status,placedAt]]""");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("ORDER BY", Case.Sensitive, sql);
        sql.ShouldContain("WHERE", Case.Sensitive, sql);
        sql.ShouldContain("ROW_NUMBER()", Case.Sensitive, sql);
        sql.ShouldContain("\"PlacedAt\" DESC", Case.Sensitive, sql);
        sql.ShouldNotContain("'shipped'", Case.Sensitive, sql);
        sql.ShouldContain("@", Case.Sensitive, sql);
        customers.ShouldAllBe(c => c.Orders.Count <= 2 && c.Orders.All(o => o.Status == "shipped" && o.Id >= 5));
        Json.Write(customers, plan.ForQueriedRows()).ShouldBe(await InMemoryAsync(plan));
    }

    [StoreFact]
    public async Task Project_OrderByANullableField_PutsNullsFirst_OnEveryProvider()
    {
        var plan = Json.Plan<Customer>("[orders(orderBy: [{note: ASC}, {status: DESC}])[note,status]]");
        await using var db = store.CreateContext();

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        customers.SelectMany(c => c.Orders).ShouldContain(o => o.Note == null);
        Json.Write(customers, plan.ForQueriedRows()).ShouldBe(await InMemoryAsync(plan));
    }

    [StoreFact]
    public async Task Project_InjectionThroughAValue_IsAParameter_NotSql()
    {
        const string attack = "x' OR '1'='1'; DROP TABLE \"Orders\"; --";
        string literal = "\"" + attack.Replace("\"", "\\\"") + "\"";
        var plan = Json.Plan<Customer>("[orders(where: {or: [{status: " + literal + "}, {note: {in: [" + literal + "]}}]})[status]]");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.Project(plan).ToListAsync();

        customers.ShouldAllBe(c => c.Orders.Count == 0);
        store.Sql.Commands.ShouldHaveSingleItem().ShouldNotContain("DROP");
        (await db.Orders.CountAsync()).ShouldBe(80);
    }

    private async Task<string> InMemoryAsync(Popcorn.Query.SelectionPlan plan)
    {
        await using var memory = store.CreateContext();
        await memory.Customers.LoadAsync();
        await memory.Orders.Include(o => o.Lines).LoadAsync();
        foreach (var customer in memory.Customers.Local)
        {
            customer.Orders.Sort((a, b) => a.Id.CompareTo(b.Id));
        }

        return Json.Write(memory.Customers.Local.OrderBy(c => c.Id), plan);
    }
}

/// <summary>The argument tests on SQLite in memory.</summary>
public sealed class SqliteArgumentSqlTests(SqliteStore store) : ArgumentSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>The argument tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresArgumentSqlTests(PostgresStore store) : ArgumentSqlTests(store), IClassFixture<PostgresStore>;

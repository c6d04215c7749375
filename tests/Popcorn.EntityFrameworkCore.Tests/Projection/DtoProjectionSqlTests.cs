using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>A query that ends in the app's own Select to a DTO: the Select is narrowed to the selection, read from the SQL.</summary>
public abstract class DtoProjectionSqlTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Project_DtoNarrowSelection_DropsUnselectedColumnsJoinsAndSubqueries()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var cards = await OrderCards.Of(db).Project(Json.Plan<OrderCard>("[id,status]")).ToListAsync();

        cards.Count.ShouldBe(80);
        cards.ShouldAllBe(c => c.Status != "" && c.CustomerName == "" && c.LineCount == 0 && c.Customer == null && c.Lines.Count == 0);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain("\"Status\"");
        foreach (string unread in new[] { "JOIN", "COUNT", "\"Note\"", "\"InternalNote\"", "\"Name\"", "\"Email\"", "\"Quantity\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }
    }

    [StoreFact]
    public async Task Project_DtoNestedSelection_NarrowsTheNestedDtoAndTheList()
    {
        await using var db = store.CreateContext();
        var plan = Json.Plan<OrderCard>("[lineCount,customer[name],lines[quantity]]");
        var expected = Json.Write(await OrderCards.Of(db).ToListAsync(), plan);
        store.Sql.Clear();

        var cards = await OrderCards.Of(db).Project(plan).ToListAsync();

        Json.Write(cards, plan).ShouldBe(expected);
        var sql = string.Join("\n", store.Sql.Commands);
        sql.ShouldContain("COUNT");
        sql.ShouldContain("\"Quantity\"");
        foreach (string unread in new[] { "\"Email\"", "\"Sku\"", "\"Note\"", "\"InternalNote\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }
    }

    [StoreFact]
    public async Task Project_DtoRootArguments_AreTranslatedOnTheDtoMembers()
    {
        await using var db = store.CreateContext();
        var plan = Json.Plan<OrderCard>("(first: 5, orderBy: {status: DESC}, where: {status: \"Shipped\"})[id]");
        store.Sql.Clear();

        var cards = await OrderCards.Of(db).Project(plan).ToListAsync();

        var all = await db.Orders.Where(o => o.Status == "Shipped").OrderByDescending(o => o.Status).ThenBy(o => o.Id).Select(o => o.Id).Take(5).ToListAsync();
        cards.Select(c => c.Id).ShouldBe(all);
        var sql = store.Sql.Commands[0];
        sql.ShouldContain("ORDER BY", customMessage: sql);
        sql.ShouldNotContain("\"Note\"", customMessage: sql);
    }

    [StoreFact]
    public async Task Project_DtoNeverMember_IsNotReadEvenUnderTheDeepWildcard()
    {
        await using var db = store.CreateContext();
        store.Sql.Clear();

        await OrderCards.Of(db).Project(Json.Plan<OrderCard>("[!full]")).ToListAsync();

        string.Join("\n", store.Sql.Commands).ShouldNotContain("\"InternalNote\"");
    }

    [StoreFact]
    public void TryProject_DtoListWithArguments_RefusesWithTheReason()
    {
        using var db = store.CreateContext();

        OrderCards.Of(db).TryProject(Json.Plan<OrderCard>("[lines(first: 1)[quantity]]"), out _, out string? refusal).ShouldBeFalse();

        refusal.ShouldContain("OrderCard.Lines");
    }

    [StoreFact]
    public void TryProject_SelectOfAnonymousShape_RefusesNamingBothForms()
    {
        using var db = store.CreateContext();
        var query = db.Orders.Select(o => new OrderCard { Id = o.Id }).Where(c => c.Id > 0);

        query.TryProject(Json.Plan<OrderCard>("[id]"), out _, out string? refusal).ShouldBeFalse();

        refusal.ShouldContain("member initializer");
    }
}

/// <summary>The DTO tests on SQLite in memory.</summary>
public sealed class SqliteDtoProjectionSqlTests(SqliteStore store) : DtoProjectionSqlTests(store), IClassFixture<SqliteStore>;

/// <summary>The DTO tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresDtoProjectionSqlTests(PostgresStore store) : DtoProjectionSqlTests(store), IClassFixture<PostgresStore>;

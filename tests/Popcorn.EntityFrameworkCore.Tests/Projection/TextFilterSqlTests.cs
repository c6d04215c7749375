using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// <c>contains</c>, <c>startsWith</c> and <c>endsWith</c> (ordinal, or <c>mode: INSENSITIVE</c>) are translated into the
/// statement, with the value as a parameter and <c>LIKE</c>'s wildcards escaped, and keep the same rows as the same
/// filter in memory wherever the providers can agree; where they cannot (the case of non-ASCII letters), the test pins
/// what each one does, as docs/data.md ("Text filters") says.
/// </summary>
public abstract class TextFilterSqlTests(IStoreDatabase store)
{
    /// <summary>Filters every provider answers as memory does: ordinal ones, and ignoring the case of ASCII letters.</summary>
    private static readonly string[] s_portableFilters =
    [
        "{note: {contains: \"gift\"}}", "{note: {contains: \"Gift\"}}", "{note: {contains: \"gift\", mode: INSENSITIVE}}",
        "{note: {startsWith: \"gift\", mode: INSENSITIVE}}", "{note: {startsWith: \"GIFT\"}}", "{note: {endsWith: \"ANNE\"}}",
        "{note: {endsWith: \"anne\", mode: INSENSITIVE}}", "{note: {contains: \"100%\"}}", "{note: {contains: \"%\", mode: INSENSITIVE}}",
        "{note: {contains: \"_\"}}", "{note: {contains: \"e_c\", mode: INSENSITIVE}}", "{note: {contains: \"\\\\\"}}",
        "{note: {contains: \"\\\\S\", mode: INSENSITIVE}}", "{note: {contains: \"%_\"}}", "{note: {startsWith: \"Émile\"}}",
        "{note: {contains: \"émilie\", mode: INSENSITIVE}}", "{note: {contains: \"ß\"}}", "{note: {contains: \"\"}}",
        "{note: {contains: \"note 1\", mode: SENSITIVE}}", "{status: {startsWith: \"SHIP\", mode: insensitive}}",
        "{or: [{note: {endsWith: \"5\"}}, {status: {contains: \"liver\"}}]}", "{note: {contains: \"e\", startsWith: \"n\"}}",
        "{note: {contains: \"x\"}}", "{note: {startsWith: \"%\"}}", "{note: {endsWith: \"%\", mode: INSENSITIVE}}",
        "{note: {startsWith: \"🎁 b\"}}", "{note: {endsWith: \"x 🎁\"}}", "{note: {endsWith: \"X 🎁\", mode: INSENSITIVE}}",
    ];

    /// <summary>Whether the provider folds the case of <c>É</c> under <c>mode: INSENSITIVE</c>.</summary>
    protected abstract bool FoldsNonAsciiLetters { get; }

    /// <summary>The operator the statement uses for <c>mode: INSENSITIVE</c>.</summary>
    protected abstract string InsensitiveOperator { get; }

    [StoreFact]
    public async Task Where_TextFilters_KeepTheRowsTheSameFilterKeepsInMemory()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();
        var all = await db.Orders.OrderBy(o => o.Id).ToListAsync();

        foreach (string where in s_portableFilters)
        {
            var plan = Json.Plan<Order>($"(where: {where})[id,note,status]");
            var projected = await db.Orders.OrderBy(o => o.Id).Project(plan).ToListAsync();

            projected.Select(o => o.Id).ShouldBe(plan.Arguments!.Apply(all)!.Select(o => o.Id), where);
        }
    }

    [StoreFact]
    public async Task Where_PercentUnderscoreAndBackslash_MatchThemselves_NotAnyText()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();

        (await IdsAsync(db, "{note: {contains: \"100%\"}}")).ShouldBe([1]);
        (await IdsAsync(db, "{note: {contains: \"%\", mode: INSENSITIVE}}")).ShouldBe([1, 8]);
        (await IdsAsync(db, "{note: {contains: \"_\", mode: INSENSITIVE}}")).ShouldBe([2, 7, 8]);
        (await IdsAsync(db, "{note: {startsWith: \"%\", mode: INSENSITIVE}}")).ShouldBeEmpty();
        (await IdsAsync(db, "{note: {contains: \"\\\\s\", mode: INSENSITIVE}}")).ShouldBe([3]);
        (await IdsAsync(db, "{note: {endsWith: \"_off\"}}")).ShouldBe([8]);
    }

    [StoreFact]
    public async Task Where_Insensitive_IsOneParameterisedPredicate_InTheStatement()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var ids = await IdsAsync(db, "{note: {contains: \"gift 100%\", mode: INSENSITIVE}}");

        ids.ShouldBe([1]);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldContain($" {InsensitiveOperator} ", Case.Sensitive, sql);
        sql.ShouldContain("ESCAPE", Case.Sensitive, sql);
        sql.ShouldNotContain("gift", Case.Insensitive, sql);
    }

    [StoreFact]
    public async Task Where_Sensitive_TellsCaseApart_InTheStatement()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();
        store.Sql.Clear();

        (await IdsAsync(db, "{note: {startsWith: \"gift\"}}")).ShouldBe([7]);
        (await IdsAsync(db, "{note: {endsWith: \"anne\"}}")).ShouldBeEmpty();
        (await IdsAsync(db, "{note: {contains: \"Gift\"}}")).ShouldBe([1]);

        store.Sql.Commands.ShouldAllBe(sql => !sql.Contains("gift", StringComparison.OrdinalIgnoreCase));
    }

    [StoreFact]
    public async Task Where_InsensitiveNonAsciiLetters_FoldAsTheProviderDoes()
    {
        await TextNotes.WriteAsync(store);
        await using var db = store.CreateContext();
        var plan = Json.Plan<Order>("(where: {note: {startsWith: \"émile\", mode: INSENSITIVE}})[id]");

        var projected = await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync();

        // Memory folds every letter with a simple case mapping; an exact-case match holds everywhere.
        plan.Arguments!.Apply(await db.Orders.OrderBy(o => o.Id).ToListAsync())!.Select(o => o.Id).ShouldBe([4]);
        projected.ShouldBe(FoldsNonAsciiLetters ? [4] : []);
        (await IdsAsync(db, "{note: {startsWith: \"Émile\", mode: INSENSITIVE}}")).ShouldBe([4]);
    }

    [StoreFact]
    public async Task Where_TextFilterOnANestedList_IsAppliedInTheSameStatement()
    {
        await TextNotes.WriteAsync(store);
        var plan = Json.Plan<Customer>("[name,orders(where: {note: {contains: \"GIFT\", mode: INSENSITIVE}})[id,note]]");
        await using var db = store.CreateContext();
        store.Sql.Clear();

        var customers = await db.Customers.OrderBy(c => c.Id).Project(plan).ToListAsync();

        store.Sql.Commands.ShouldHaveSingleItem().ShouldContain($" {InsensitiveOperator} ");
        customers.SelectMany(c => c.Orders).Select(o => o.Id).Order().ShouldBe([1, 6, 7]);
    }

    private static async Task<List<int>> IdsAsync(StoreDbContext db, string where)
    {
        var plan = Json.Plan<Order>($"(where: {where})[id]");
        return await db.Orders.OrderBy(o => o.Id).Project(plan).Select(o => o.Id).ToListAsync();
    }
}

/// <summary>The text filter tests on SQLite in memory: <c>LIKE</c>, which folds ASCII letters only.</summary>
public sealed class SqliteTextFilterSqlTests(SqliteStore store) : TextFilterSqlTests(store), IClassFixture<SqliteStore>
{
    protected override bool FoldsNonAsciiLetters => false;

    protected override string InsensitiveOperator => "LIKE";
}

/// <summary>
/// The text filter tests on PostgreSQL: <c>ILIKE</c>, which folds letters as the database's <c>LC_CTYPE</c> says; the
/// test cluster is created with <c>--locale=C</c>, which folds ASCII letters only.
/// </summary>
public sealed class PostgresTextFilterSqlTests(PostgresStore store) : TextFilterSqlTests(store), IClassFixture<PostgresStore>
{
    protected override bool FoldsNonAsciiLetters => false;

    protected override string InsensitiveOperator => "ILIKE";
}

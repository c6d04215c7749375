using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// The oracle: for random selections (fixed seed), the JSON written from the projected rows equals the JSON written
/// from the whole store loaded into memory, and the projection sends one command per root.
/// </summary>
public abstract class ProjectionDifferentialTests(IStoreDatabase store)
{
    private const int Selections = 150;

    [StoreFact]
    public async Task Project_RandomSelections_WriteTheSameJsonAsTheInMemoryGraph()
    {
        await using var memory = await LoadWholeStoreAsync();
        var random = new RandomSelections(seed: 1337);

        for (int i = 0; i < Selections; i++)
        {
            switch (i % 3)
            {
                case 0:
                    await CheckAsync(random, db => db.Orders, memory.Orders.Local.OrderBy(o => o.Id));
                    break;
                case 1:
                    await CheckAsync(random, db => db.Customers, memory.Customers.Local.OrderBy(c => c.Id));
                    break;
                default:
                    await CheckAsync(random, db => db.OrderLines, memory.OrderLines.Local.OrderBy(l => l.Id));
                    break;
            }
        }
    }

    [StoreFact]
    public async Task Project_RandomSelectionsWithArguments_WriteTheSameJsonAsArgumentsAppliedInMemory()
    {
        await using var memory = await LoadWholeStoreAsync();
        var random = new RandomSelections(seed: 2024, arguments: true);

        for (int i = 0; i < Selections; i++)
        {
            if (i % 2 == 0)
            {
                await CheckAsync(random, db => db.Customers, memory.Customers.Local.OrderBy(c => c.Id));
            }
            else
            {
                await CheckAsync(random, db => db.Orders, memory.Orders.Local.OrderBy(o => o.Id));
            }
        }
    }

    [StoreFact]
    public async Task Project_RandomRootArguments_WriteTheSameJsonAsArgumentsAppliedInMemory()
    {
        await using var memory = await LoadWholeStoreAsync();
        var random = new RandomSelections(seed: 4711, arguments: true);
        var rootArguments = new RandomArguments(seed: 4712);

        for (int i = 0; i < Selections; i++)
        {
            if (i % 2 == 0)
            {
                await CheckAsync(random, db => db.Customers, memory.Customers.Local.OrderBy(c => c.Id), rootArguments);
            }
            else
            {
                await CheckAsync(random, db => db.Orders, memory.Orders.Local.OrderBy(o => o.Id), rootArguments);
            }
        }
    }

    [StoreFact]
    public async Task Project_ReferenceCycleInTheData_IsWrittenAsNullLikeIgnoreCycles()
    {
        var (expected, projected) = await WriteOverReferralCycleAsync(Json.Plan<Order>("[id,customer[name,referredBy[name,referredBy[name,email]]]]"));

        expected.ShouldContain("\"referredBy\":null");
        projected.ShouldBe(expected);
    }

    [StoreFact]
    public async Task Project_ReferenceCycleUnderAGraphQLPlan_ReadsTheRowAgainAsTheWritersRepeatIt()
    {
        // /graphql's plan of a document without wildcards: a finite tree, which repeats an object met again on its path.
        var plan = PlanCompiler.Compile(
            Json.Writer<Order>().Metadata,
            SelectionParser.Parse("{ id customer { name referredBy { name referredBy { name email } } } }"),
            new PlanCompilerOptions { Semantics = SelectionSemantics.GraphQL });
        plan.RepeatsObjects.ShouldBeTrue();

        var (expected, projected) = await WriteOverReferralCycleAsync(plan);

        expected.ShouldContain("\"name\":\"Customer 1\",\"referredBy\":{\"name\":\"Customer 2\",\"referredBy\":{\"name\":\"Customer 1\",\"email\":");
        projected.ShouldBe(expected);
    }

    /// <summary>
    /// The orders written with <paramref name="plan"/> from a fresh store where customers 1 and 2 referred each other
    /// (the in-memory graph cycles by reference, the rows by key): from the tracked graph, and from the projection.
    /// </summary>
    private async Task<(string Expected, string Projected)> WriteOverReferralCycleAsync(SelectionPlan plan)
    {
        using var cyclic = FreshStore();
        await using (var setup = cyclic.CreateContext())
        {
            await setup.Customers.Where(c => c.Id == 1).ExecuteUpdateAsync(s => s.SetProperty(c => c.ReferredById, 2));
            await setup.Customers.Where(c => c.Id == 2).ExecuteUpdateAsync(s => s.SetProperty(c => c.ReferredById, 1));
        }

        await using var memory = cyclic.CreateContext();
        await memory.Customers.LoadAsync();
        await memory.Orders.LoadAsync();
        await using var db = cyclic.CreateContext();

        var projected = await db.Orders.OrderBy(o => o.Id).Project(plan).ToListAsync();

        return (Json.Write(memory.Orders.Local.OrderBy(o => o.Id), plan), Json.Write(projected, plan));
    }

    /// <summary>A store of the same provider that a test may change.</summary>
    protected abstract IStoreDatabase FreshStore();

    private async Task CheckAsync<T>(RandomSelections random, Func<StoreDbContext, IQueryable<T>> root, IEnumerable<T> inMemory, RandomArguments? rootArguments = null)
        where T : class
    {
        var metadata = Json.Writer<T>().Metadata;
        string selection = rootArguments?.Next(metadata) + random.Next(metadata);
        SelectionPlan plan = Json.Plan<T>(selection);
        await using var db = store.CreateContext();
        store.Sql.Clear();

        List<T> projected;
        try
        {
            projected = await root(db).OrderBy(e => EF.Property<int>(e, "Id")).Project(plan).ToListAsync();
        }
        catch (InvalidOperationException e)
        {
            throw new InvalidOperationException($"{selection}: {e.Message}", e);
        }

        store.Sql.Commands.Count.ShouldBe(1, $"{selection}: one command per root");
        // The database applied the list arguments; the in-memory graph gets them from the writers.
        // The root's own arguments are the sequence writer's to apply in memory (Json.Write writes elements only).
        Json.Write(projected, plan.ForQueriedRows()).ShouldBe(Json.Write(plan.Arguments?.Apply(inMemory) ?? inMemory, plan), selection);
    }

    /// <summary>The whole store as one tracked graph, its collections in key order (the projection's order).</summary>
    private async Task<StoreDbContext> LoadWholeStoreAsync()
    {
        var memory = store.CreateContext();
        await memory.Products.LoadAsync();
        await memory.Customers.LoadAsync();
        await memory.Orders.Include(o => o.Lines).LoadAsync();
        SortCollectionsByKey(memory);
        return memory;
    }

    private static void SortCollectionsByKey(StoreDbContext memory)
    {
        foreach (var customer in memory.Customers.Local)
        {
            customer.Orders.Sort((a, b) => a.Id.CompareTo(b.Id));
        }

        foreach (var order in memory.Orders.Local)
        {
            order.Lines.Sort((a, b) => a.Id.CompareTo(b.Id));
        }
    }
}

/// <summary>The differential tests on SQLite in memory.</summary>
public sealed class SqliteProjectionDifferentialTests(SqliteStore store) : ProjectionDifferentialTests(store), IClassFixture<SqliteStore>
{
    protected override IStoreDatabase FreshStore() => new SqliteStore();
}

/// <summary>The differential tests on a throwaway PostgreSQL cluster.</summary>
public sealed class PostgresProjectionDifferentialTests(PostgresStore store) : ProjectionDifferentialTests(store), IClassFixture<PostgresStore>
{
    protected override IStoreDatabase FreshStore() => new PostgresStore();
}

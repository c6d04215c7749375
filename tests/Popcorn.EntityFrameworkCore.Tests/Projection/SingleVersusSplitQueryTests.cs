using System.Diagnostics;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;
using Xunit.Abstractions;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// Why projections run as one statement: the same nested selection as a single query and as EF's split query, on
/// a store of 5,000 orders. Both must write the same JSON; the timings (in the test output) are the figures quoted
/// in docs/data.md.
/// </summary>
public sealed class SingleVersusSplitQueryTests(ITestOutputHelper output)
{
    private const string Selection = "[status,customer[name],lines[quantity,product[sku]]]";

    [Fact]
    public async Task SingleQuery_NestedSelection_OneCommandAndTheSameJsonAsSplitQuery()
    {
        using var store = SqliteStore.WithSize(customers: 500, orders: 5_000);
        var plan = Json.Plan<Order>(Selection);

        var (single, singleCommands, singleTime) = await RunAsync(store, db => db.Orders.OrderBy(o => o.Id).Project(plan));
        var (split, splitCommands, splitTime) = await RunAsync(store, db => db.Orders.OrderBy(o => o.Id).Project(plan).AsSplitQuery());

        output.WriteLine($"single query: {singleCommands} command(s), median {singleTime.TotalMilliseconds:F1} ms");
        output.WriteLine($"split query:  {splitCommands} command(s), median {splitTime.TotalMilliseconds:F1} ms");
        singleCommands.ShouldBe(1);
        splitCommands.ShouldBe(2);
        Json.Write(single, plan).ShouldBe(Json.Write(split, plan));
    }

    private static async Task<(List<Order> Rows, int Commands, TimeSpan Median)> RunAsync(SqliteStore store, Func<StoreDbContext, IQueryable<Order>> query)
    {
        var times = new List<TimeSpan>();
        List<Order> rows = [];
        int commands = 0;
        for (int run = 0; run < 7; run++)
        {
            await using var db = store.CreateContext();
            store.Sql.Clear();
            var clock = Stopwatch.StartNew();
            rows = await query(db).ToListAsync();
            times.Add(clock.Elapsed);
            commands = store.Sql.Commands.Count;
        }

        times.Sort();
        return (rows, commands, times[times.Count / 2]);
    }
}

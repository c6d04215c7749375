using System.Text;
using System.Text.Json;
using Popcorn.Fuzz;
using Popcorn.Query;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>
/// Found while hardening: fragments (and variables) expand a short query into a tree whose canonical print is
/// megabytes long, and the plan cache kept that print as a key. A 6 KB header of optional fields spread 2048 times
/// cost 24 MB per cached plan (1024 of them fit in the cache: a memory exhaustion); a 1 MB gateway request whose
/// variable was spread 1920 times printed 1.9 billion characters (an OutOfMemoryException, a 500, 17 s of CPU). The
/// canonical level now skips trees whose print passes the query length limit, and stops printing there.
/// </summary>
[Collection(nameof(MemoryCollection))]
public class PlanCacheKeyTests
{
    private static readonly TypeMetadata s_employee = SampleTypes.All.Single(t => t.Name == "Employee");

    [Fact]
    public void GetOrCompile_FragmentBombOfLongOptionalNames_DoesNotKeepAHugeKey()
    {
        var cache = new SelectionPlanCache();
        string query = FragmentBomb("{ " + new string('x', 6_000) + " @optional }", spreads: (8, 16, 16));
        cache.GetOrCompile(s_employee, "{ id }");
        long before = GC.GetAllocatedBytesForCurrentThread();

        var plan = cache.GetOrCompile(s_employee, query);

        // Before the fix: the 12-million-character print (24 MB), twice over while it was built.
        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBeLessThan(8L * 1024 * 1024);
        plan.Count.ShouldBe(1);
        cache.GetOrCompile(s_employee, query).ShouldBeSameAs(plan, "the exact text is still cached");
    }

    [Fact]
    public void GetOrCompile_ManyDistinctFragmentBombs_KeepLittleAlive()
    {
        var cache = new SelectionPlanCache(capacity: 4);
        long before = LiveBytes();

        for (int i = 0; i < 8; i++)
        {
            cache.GetOrCompile(s_employee, FragmentBomb("{ " + new string('x', 5_990) + i.ToString("D4", System.Globalization.CultureInfo.InvariantCulture) + " @optional }", spreads: (8, 16, 16)));
        }

        // Before the fix: four 24 MB keys stayed alive (96 MB). Now: four 6 KB texts and four small plans.
        (LiveBytes() - before).ShouldBeLessThan(16L * 1024 * 1024);
        GC.KeepAlive(cache);
    }

    [Fact]
    public void GetOrCompile_TreeWithAHugeVariableSpreadEverywhere_StopsPrintingAtTheLimit()
    {
        var cache = new SelectionPlanCache();
        string query = "query Q($v: String) " + FragmentBomb("{ id(x: $v) }", spreads: (8, 16, 15));
        using var variables = JsonDocument.Parse(JsonSerializer.Serialize(new { v = new string('z', 100_000) }));
        var tree = SelectionParser.Parse(query, variables: variables.RootElement);
        long before = GC.GetAllocatedBytesForCurrentThread();

        var error = Should.Throw<PopcornQueryException>(() => cache.GetOrCompile(s_employee, tree));

        // Before the fix: a 192-million-character print before the compiler said 'takes no arguments'.
        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBeLessThan(8L * 1024 * 1024);
        error.Detail.ShouldContain("takes no arguments");
    }

    [Fact]
    public void GetOrCompile_EquivalentShortQueries_StillShareOnePlan()
    {
        var cache = new SelectionPlanCache();

        var fromInclude = cache.GetOrCompile(s_employee, "[id,manager[firstName]]");

        cache.GetOrCompile(s_employee, "{ id manager { firstName } }").ShouldBeSameAs(fromInclude);
        cache.GetOrCompile(s_employee, "query { ...F } fragment F on Employee { id manager { firstName } }").ShouldBeSameAs(fromInclude);
    }

    private static long LiveBytes()
    {
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        return GC.GetTotalMemory(forceFullCollection: true);
    }

    /// <summary>A document whose selection spreads <paramref name="leaf"/> a × b × c times through three fragments.</summary>
    private static string FragmentBomb(string leaf, (int A, int B, int C) spreads)
    {
        var text = new StringBuilder("{ ...H }");
        text.Append(" fragment H on T { ").Append(string.Join(' ', Enumerable.Repeat("...G", spreads.A))).Append(" }");
        text.Append(" fragment G on T { ").Append(string.Join(' ', Enumerable.Repeat("...F", spreads.B))).Append(" }");
        text.Append(" fragment F on T { ").Append(string.Join(' ', Enumerable.Repeat("...E", spreads.C))).Append(" }");
        text.Append(" fragment E on T ").Append(leaf);
        return text.ToString();
    }
}

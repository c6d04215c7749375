using Popcorn.Query.Tests.Semantics;

namespace Popcorn.Query.Tests.Caching;

public class SelectionPlanCacheTests
{
    [Fact]
    public void GetOrCompile_SameText_ReturnsTheCachedPlan()
    {
        var cache = new SelectionPlanCache();

        var first = cache.GetOrCompile(SampleMetadata.Employee, "[email]");

        cache.GetOrCompile(SampleMetadata.Employee, "[email]").ShouldBeSameAs(first);
    }

    [Fact]
    public void GetOrCompile_EquivalentText_SharesOnePlan()
    {
        var cache = new SelectionPlanCache();

        var compact = cache.GetOrCompile(SampleMetadata.Employee, "[email,manager]");

        cache.GetOrCompile(SampleMetadata.Employee, " [ email , manager [ ] ] ").ShouldBeSameAs(compact);
    }

    [Fact]
    public void GetOrCompile_SameTextOtherType_CompilesSeparately()
    {
        var cache = new SelectionPlanCache();

        var employee = cache.GetOrCompile(SampleMetadata.Employee, "[id]");
        var car = cache.GetOrCompile(SampleMetadata.Car, "[id]");

        car.ShouldNotBeSameAs(employee);
        car.Type.ShouldBe(SampleMetadata.Car);
    }

    [Fact]
    public void GetOrCompile_NullQuery_IsTheDefaultPlan()
    {
        new SelectionPlanCache().GetOrCompile(SampleMetadata.Employee, (string?)null).Count.ShouldBe(3);
    }

    [Fact]
    public void GetOrCompile_BadQuery_ThrowsTheQueryException_AndCachesNothing()
    {
        var cache = new SelectionPlanCache();

        Should.Throw<PopcornQueryException>(() => cache.GetOrCompile(SampleMetadata.Employee, "[nope]"));

        cache.Count.ShouldBe(0);
    }

    [Fact]
    public void GetOrCompile_ManyDistinctQueriesFromManyThreads_NeverExceedsTheBound()
    {
        var cache = new SelectionPlanCache(capacity: 16);
        int maxSeen = 0;

        Parallel.For(0, 4_000, new ParallelOptions { MaxDegreeOfParallelism = 8 }, i =>
        {
            string query = $"[a{i}:email]";
            var plan = cache.GetOrCompile(SampleMetadata.Employee, query);
            plan.Fields[1].OutputName.ShouldBe($"a{i}");
            int count = cache.Count;
            int seen;
            while (count > (seen = Volatile.Read(ref maxSeen)) && Interlocked.CompareExchange(ref maxSeen, count, seen) != seen)
            {
            }
        });

        maxSeen.ShouldBeLessThanOrEqualTo(2 * cache.Capacity);
        cache.Count.ShouldBeLessThanOrEqualTo(2 * cache.Capacity);
    }

    [Fact]
    public void GetOrCompile_EquivalentTextInstance_HitsTheCache()
    {
        var cache = new SelectionPlanCache();
        var first = cache.GetOrCompile(SampleMetadata.Employee, "[email,manager[id]]");

        cache.GetOrCompile(SampleMetadata.Employee, new string("[email,manager[id]]".AsSpan())).ShouldBeSameAs(first);
    }

    [Fact]
    public void GetOrCompile_FullCache_EvictsTheOldestTypeOfASharedText()
    {
        var cache = new SelectionPlanCache(capacity: 2);
        var employee = cache.GetOrCompile(SampleMetadata.Employee, "[id]");
        var car = cache.GetOrCompile(SampleMetadata.Car, "[id]");

        cache.GetOrCompile(SampleMetadata.Employee, "[email]");

        cache.GetOrCompile(SampleMetadata.Car, "[id]").ShouldBeSameAs(car);
        cache.GetOrCompile(SampleMetadata.Employee, "[id]").ShouldNotBeSameAs(employee);
        cache.Count.ShouldBeLessThanOrEqualTo(2 * cache.Capacity);
    }
}

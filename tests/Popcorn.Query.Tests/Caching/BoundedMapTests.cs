namespace Popcorn.Query.Tests.Caching;

/// <summary>The one bounded map behind every cache of Popcorn's (plans, refused selections, gateway documents, introspection answers).</summary>
public class BoundedMapTests
{
    [Fact]
    public void TryGetValue_SameKeyOtherTag_IsAMiss()
    {
        var map = new BoundedMap<string, int, string>(4, keyComparer: StringComparer.Ordinal);
        map.GetOrAdd("[id]", 1, "one");

        map.TryGetValue("[id]", 2, out _).ShouldBeFalse();
        map.TryGetValue("[id]", 1, out var value).ShouldBeTrue();
        value.ShouldBe("one");
    }

    [Fact]
    public void GetOrAdd_TagsSharingAKey_AreKeptApart()
    {
        var map = new BoundedMap<string, int, string>(4);

        map.GetOrAdd("[id]", 1, "one");
        map.GetOrAdd("[id]", 2, "two");

        map.Count.ShouldBe(2);
        map.TryGetValue("[id]", 1, out var first).ShouldBeTrue();
        map.TryGetValue("[id]", 2, out var second).ShouldBeTrue();
        first.ShouldBe("one");
        second.ShouldBe("two");
    }

    [Fact]
    public void GetOrAdd_PresentEntry_KeepsTheFirstValue()
    {
        var map = new BoundedMap<string, int, string>(4);
        map.GetOrAdd("[id]", 1, "first");

        map.GetOrAdd("[id]", 1, "second").ShouldBe("first");

        map.Count.ShouldBe(1);
    }

    [Fact]
    public void GetOrAdd_Full_EvictsTheOldestEntryAndReportsIt()
    {
        int evictions = 0;
        var map = new BoundedMap<string, int, string>(2, () => evictions++);
        map.GetOrAdd("a", 1, "a1");
        map.GetOrAdd("a", 2, "a2");

        map.GetOrAdd("b", 1, "b1");

        evictions.ShouldBe(1);
        map.Count.ShouldBe(2);
        map.TryGetValue("a", 1, out _).ShouldBeFalse();
        map.TryGetValue("a", 2, out _).ShouldBeTrue();
        map.TryGetValue("b", 1, out _).ShouldBeTrue();
    }

    [Fact]
    public void GetOrAdd_ManyInserts_NeverHoldsMoreThanTheCapacity()
    {
        var map = new BoundedMap<string, int, int>(8);

        Parallel.For(0, 1000, i => map.GetOrAdd((i % 50).ToString(), i % 3, i));

        map.Count.ShouldBeLessThanOrEqualTo(8);
    }

    [Fact]
    public void TryGetValue_ReferenceTag_ComparesByReference()
    {
        var map = new BoundedMap<string, object, string>(4);
        var tag = new object();
        map.GetOrAdd("[id]", tag, "kept");

        map.TryGetValue("[id]", new object(), out _).ShouldBeFalse();
        map.TryGetValue("[id]", tag, out _).ShouldBeTrue();
    }

    [Fact]
    public void Clear_DropsEveryEntry()
    {
        var map = new BoundedMap<string, int, string>(4);
        map.GetOrAdd("a", 1, "a1");

        map.Clear();

        map.Count.ShouldBe(0);
        map.TryGetValue("a", 1, out _).ShouldBeFalse();
    }

    [Fact]
    public void Constructor_CapacityBelowOne_Throws()
    {
        Should.Throw<ArgumentOutOfRangeException>(() => new BoundedMap<string, int, string>(0));
    }
}

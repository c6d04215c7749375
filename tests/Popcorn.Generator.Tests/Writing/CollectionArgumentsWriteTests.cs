using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>The generated writers arrange a list in memory when its planned field carries first/skip/orderBy/where.</summary>
public class CollectionArgumentsWriteTests
{
    private static readonly TestJsonContext s_context = TestJsonContext.Default;

    private static Order Sample() => new()
    {
        Id = 7,
        Lines =
        [
            new OrderLine { Sku = "b", Quantity = 3, Price = 2m },
            new OrderLine { Sku = "a", Quantity = 1, Price = 5m, Gift = true },
            new OrderLine { Sku = "C", Quantity = 3, Price = 1m },
            new OrderLine { Sku = "d", Quantity = 2, Price = 4m, Gift = true },
        ],
        Extras = [new OrderLine { Sku = "x", Quantity = 9 }, new OrderLine { Sku = "y", Quantity = 8 }],
    };

    private static string Write(string selection) => WriteHelper.Write(s_context, Sample(), selection);

    [Fact]
    public void Write_FirstAndSkip_PageTheListInItsOwnOrder()
    {
        Write("[lines(first: 2, skip: 1)[sku]]").ShouldBe("""{"lines":[{"sku":"a"},{"sku":"C"}]}""");
    }

    [Fact]
    public void Write_OrderBy_IsStable_AndComparesStringsByOrdinal()
    {
        Write("[lines(orderBy: {quantity: DESC})[sku]]").ShouldBe("""{"lines":[{"sku":"b"},{"sku":"C"},{"sku":"d"},{"sku":"a"}]}""");
        Write("[lines(orderBy: [{sku: ASC}])[sku]]").ShouldBe("""{"lines":[{"sku":"C"},{"sku":"a"},{"sku":"b"},{"sku":"d"}]}""");
        Write("[lines(orderBy: {quantity: ASC, price: DESC})[sku]]").ShouldBe("""{"lines":[{"sku":"a"},{"sku":"d"},{"sku":"b"},{"sku":"C"}]}""");
    }

    [Fact]
    public void Write_Where_CombinesComparisonsWithAndAndOr()
    {
        Write("[lines(where: {quantity: 3})[sku]]").ShouldBe("""{"lines":[{"sku":"b"},{"sku":"C"}]}""");
        Write("[lines(where: {quantity: {gte: 2}, gift: false})[sku]]").ShouldBe("""{"lines":[{"sku":"b"},{"sku":"C"}]}""");
        Write("[lines(where: {or: [{sku: \"a\"}, {price: {lt: 1.5}}]})[sku]]").ShouldBe("""{"lines":[{"sku":"a"},{"sku":"C"}]}""");
        Write("[lines(where: {sku: {in: [\"d\", \"b\"]}}, orderBy: {sku: DESC}, first: 1)[sku]]").ShouldBe("""{"lines":[{"sku":"d"}]}""");
    }

    [Fact]
    public void Write_ArgumentsOnOneAlias_LeaveTheOtherAliasWhole()
    {
        // REST writes a field's keys in the order they were written: the alias first here.
        Write("[top:lines(first: 1)[sku],lines[sku]]").ShouldBe("""{"top":[{"sku":"b"}],"lines":[{"sku":"b"},{"sku":"a"},{"sku":"C"},{"sku":"d"}]}""");
    }

    [Fact]
    public void Write_ArrayList_IsArrangedToo()
    {
        Write("[extras(orderBy: {quantity: ASC})[sku]]").ShouldBe("""{"extras":[{"sku":"y"},{"sku":"x"}]}""");
    }

    [Fact]
    public void Write_GraphQLSyntax_GivesTheSameResultAsTheIncludeSyntax()
    {
        Write("{ lines(first: 2, orderBy: {price: DESC}) { sku } }").ShouldBe(Write("[lines(first: 2, orderBy: {price: DESC})[sku]]"));
    }

    [Fact]
    public void Write_NullList_StaysNull()
    {
        var order = Sample();
        order.Lines = null!;
        WriteHelper.Write(s_context, order, "[lines(first: 1)[sku]]").ShouldBe("""{"lines":null}""");
    }

    [Fact]
    public void Plan_ForQueriedRows_IsItselfWhenThereAreNone_AndDropsThemOtherwise()
    {
        var plain = WriteHelper.Plan<Order>(s_context, "[lines[sku]]");
        plain.ForQueriedRows().ShouldBeSameAs(plain);

        var paged = WriteHelper.Plan<Order>(s_context, "[lines(skip: 3)[sku]]");
        WriteHelper.Write(s_context, Sample(), paged.ForQueriedRows()).ShouldBe(WriteHelper.Write(s_context, Sample(), plain));
    }
}

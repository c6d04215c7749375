using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// The generated writers write an aggregate key (<c>linesAggregate[count]</c>) from the list in memory, read through the
/// getter the generator emits for every list of models, filtered by the aggregate's <c>where</c> only.
/// </summary>
public class AggregateWriteTests
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
        ],
        Extras = [new OrderLine { Sku = "x", Quantity = 9 }, new OrderLine { Sku = "y", Quantity = 8 }],
    };

    private static string Write(string selection) => WriteHelper.Write(s_context, Sample(), selection);

    [Fact]
    public void Write_Count_IsTheListsLength_BesideTheList()
    {
        Write("[id,linesAggregate[count]]").ShouldBe("""{"id":7,"linesAggregate":{"count":3}}""");
        Write("[lines(first: 1)[sku],linesAggregate]").ShouldBe("""{"lines":[{"sku":"b"}],"linesAggregate":{"count":3}}""");
    }

    [Fact]
    public void Write_CountWithWhere_CountsOnlyTheKeptElements()
    {
        Write("[linesAggregate(where: {quantity: 3})[count]]").ShouldBe("""{"linesAggregate":{"count":2}}""");
        Write("[linesAggregate(where: {not: {gift: true}, sku: {startsWith: \"c\", mode: INSENSITIVE}})[count]]").ShouldBe("""{"linesAggregate":{"count":1}}""");
    }

    [Fact]
    public void Write_ListWithoutFilterableFlag_IsAggregatedThroughItsGeneratedGetter()
    {
        Write("[extrasAggregate[count]]").ShouldBe("""{"extrasAggregate":{"count":2}}""");
        Write("[extrasAggregate(where: {quantity: {gt: 8}})[count]]").ShouldBe("""{"extrasAggregate":{"count":1}}""");
    }

    [Fact]
    public void Write_AliasesAndTypeName_AreWrittenAsSelected()
    {
        var plan = WriteHelper.GraphQLPlan<Order>(s_context, "{ n: linesAggregate { __typename total: count } gifts: linesAggregate(where: {gift: {eq: true}}) { count } }");
        WriteHelper.Write(s_context, Sample(), plan).ShouldBe("""{"n":{"__typename":"OrderLineAggregate","total":3},"gifts":{"count":1}}""");
    }

    [Fact]
    public void Write_EmptyList_CountsZero()
    {
        WriteHelper.Write(s_context, new Order { Id = 1 }, "[linesAggregate[count]]").ShouldBe("""{"linesAggregate":{"count":0}}""");
    }
}

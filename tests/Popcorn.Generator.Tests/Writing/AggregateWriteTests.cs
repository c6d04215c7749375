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

    [Fact]
    public void Write_Measures_SumAvgMinMaxOverTheKeptElements()
    {
        Write("[linesAggregate[count,sum[quantity,price],avg[quantity,price],min[sku,price],max[sku,quantity]]]").ShouldBe(
            """{"linesAggregate":{"count":3,"sum":{"quantity":7,"price":8},"avg":{"quantity":2.3333333333333335,"price":2.6666666666666666666666666667},"min":{"sku":"C","price":1},"max":{"sku":"b","quantity":3}}}""");
        Write("[linesAggregate(where: {quantity: 3})[sum[price],max[price]]]").ShouldBe("""{"linesAggregate":{"sum":{"price":3},"max":{"price":2}}}""");
    }

    [Fact]
    public void Write_MeasuresInGraphQL_WriteAliasesAndTypeNames()
    {
        var plan = WriteHelper.GraphQLPlan<Order>(s_context, "{ linesAggregate { total: sum { __typename q: quantity } max { price } } }");
        WriteHelper.Write(s_context, Sample(), plan).ShouldBe("""{"linesAggregate":{"total":{"__typename":"OrderLineSums","q":7},"max":{"price":5}}}""");
    }

    [Fact]
    public void Write_MeasuresOverNoElement_AreNullButCountIsZero()
    {
        WriteHelper.Write(s_context, new Order { Id = 1 }, "[linesAggregate[count,sum[quantity],avg[price],min[sku],max[price]]]").ShouldBe(
            """{"linesAggregate":{"count":0,"sum":{"quantity":null},"avg":{"price":null},"min":{"sku":null},"max":{"price":null}}}""");
        Write("[linesAggregate(where: {quantity: 99})[sum[quantity]]]").ShouldBe("""{"linesAggregate":{"sum":{"quantity":null}}}""");
    }
}

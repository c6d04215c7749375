using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// <c>groups(by: [...])</c> inside an aggregate, written from the list in memory: the kept elements split by the
/// grouped fields' values, one object per group in the order of the keys, each with its key and its measures over
/// that group only.
/// </summary>
public class GroupWriteTests
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
            new OrderLine { Sku = "a", Quantity = 2, Price = 4m },
        ],
    };

    private static string Write(string selection) => WriteHelper.Write(s_context, Sample(), selection);

    [Fact]
    public void Write_Groups_OnePerKeyInKeyOrder_WithCountAndMeasures()
    {
        Write("[linesAggregate[count,groups(by: [quantity])[key,count,sum[price],max[sku]]]]").ShouldBe(
            """{"linesAggregate":{"count":4,"groups":[{"key":{"quantity":1},"count":1,"sum":{"price":5},"max":{"sku":"a"}},{"key":{"quantity":2},"count":1,"sum":{"price":4},"max":{"sku":"a"}},{"key":{"quantity":3},"count":2,"sum":{"price":3},"max":{"sku":"b"}}]}}""");
    }

    [Fact]
    public void Write_GroupsAlone_WriteTheirKeyAndCount()
    {
        Write("[linesAggregate[groups(by: sku)]]").ShouldBe(
            """{"linesAggregate":{"groups":[{"key":{"sku":"C"},"count":1},{"key":{"sku":"a"},"count":2},{"key":{"sku":"b"},"count":1}]}}""");
    }

    [Fact]
    public void Write_GroupsByTwoFields_AfterTheAggregatesWhere()
    {
        Write("[linesAggregate(where: {gift: false})[groups(by: [sku, quantity])[key[quantity,sku],count]]]").ShouldBe(
            """{"linesAggregate":{"groups":[{"key":{"quantity":3,"sku":"C"},"count":1},{"key":{"quantity":2,"sku":"a"},"count":1},{"key":{"quantity":3,"sku":"b"},"count":1}]}}""");
    }

    [Fact]
    public void Write_GroupsInGraphQL_WriteAliasesAndTypeNames()
    {
        var plan = WriteHelper.GraphQLPlan<Order>(s_context, "{ linesAggregate { bySku: groups(by: [sku]) { __typename key { __typename sku } n: count } } }");
        WriteHelper.Write(s_context, Sample(), plan).ShouldBe(
            """{"linesAggregate":{"bySku":[{"__typename":"OrderLineGroup","key":{"__typename":"OrderLineGroupKey","sku":"C"},"n":1},{"__typename":"OrderLineGroup","key":{"__typename":"OrderLineGroupKey","sku":"a"},"n":2},{"__typename":"OrderLineGroup","key":{"__typename":"OrderLineGroupKey","sku":"b"},"n":1}]}}""");
    }

    [Fact]
    public void Write_GroupsOverNoElement_AreAnEmptyList()
    {
        WriteHelper.Write(s_context, new Order { Id = 1 }, "[linesAggregate[count,groups(by: [sku])]]").ShouldBe("""{"linesAggregate":{"count":0,"groups":[]}}""");
    }
}

/// <summary>A group's key writes an enum as the model's writer does: its names (and a member's own name) under the
/// context's string enum option, its number otherwise.</summary>
public class GroupKeyValueTests
{
    private static Board Sample() => new()
    {
        Id = 1,
        Tickets =
        [
            new Ticket { Id = 1, State = Status.Terminated, Before = Status.Active },
            new Ticket { Id = 2, State = Status.Active },
            new Ticket { Id = 3, State = Status.Terminated, Before = Status.OnLeave },
        ],
    };

    [Fact]
    public void Write_KeyOfAnEnum_IsItsNameUnderStringEnums()
    {
        WriteHelper.Write(TestJsonContext.Default, Sample(), "[ticketsAggregate[groups(by: state)[key,count,max[id]]]]").ShouldBe(
            """{"id":1,"ticketsAggregate":{"groups":[{"key":{"state":"Active"},"count":1,"max":{"id":2}},{"key":{"state":"gone"},"count":2,"max":{"id":3}}]}}""");
    }

    [Fact]
    public void Write_KeyOfANullableEnum_WritesNullFirst()
    {
        WriteHelper.Write(TestJsonContext.Default, Sample(), "[ticketsAggregate[groups(by: before)[key,count]]]").ShouldBe(
            """{"id":1,"ticketsAggregate":{"groups":[{"key":{"before":null},"count":1},{"key":{"before":"Active"},"count":1},{"key":{"before":"OnLeave"},"count":1}]}}""");
    }

    [Fact]
    public void Write_KeyOfAnEnum_IsItsNumberWithoutStringEnums()
    {
        WriteHelper.Write(FieldsJsonContext.Default, Sample(), "[ticketsAggregate[groups(by: state)[key,count]]]").ShouldBe(
            """{"id":1,"ticketsAggregate":{"groups":[{"key":{"state":0},"count":1},{"key":{"state":2},"count":2}]}}""");
    }
}

using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// A <c>[Filterable]</c> reference or list gets a generated getter like a scalar's, so a list of its declaring type is
/// filtered through it in memory (<c>shipTo: null</c>, <c>lines: {some: ...}</c>) without reflection.
/// </summary>
public class NavigationFilterGetterTests
{
    private static readonly TypeMetadata Book = new("Book");

    private static readonly Order[] s_orders =
    [
        new() { Id = 1, ShipTo = new Address("Main St", "Oslo", null), Lines = [new() { Sku = "a", Quantity = 1 }, new() { Sku = "b", Quantity = 5 }] },
        new() { Id = 2, Lines = [new() { Sku = "c", Quantity = 2 }] },
        new() { Id = 3, ShipTo = new Address("High St", "Bergen", "5003") },
    ];

    static NavigationFilterGetterTests()
    {
        var order = TestJsonContext.Default.GetWriter(typeof(Order))!.Metadata;
        Book.Initialize([new FieldMetadata("orders", FieldKind.List, "List<Order>", elementType: order)]);
    }

    private static int[] Ids(string where) =>
        PlanCompiler.Compile(Book, SelectionParser.Parse($"[orders(where: {where})]")).Fields[0].Arguments!.Apply(s_orders)!.Select(o => o.Id).ToArray();

    [Fact]
    public void Metadata_FilterableNavigations_CarryTheirTypeAndAGetter()
    {
        var order = TestJsonContext.Default.GetWriter(typeof(Order))!.Metadata;

        order.FindField("shipTo")!.ValueType.ShouldBe(typeof(Address));
        order.FindField("lines")!.ValueType.ShouldBe(typeof(List<OrderLine>));
        order.FindField("lines")!.GetValue!(s_orders[0]).ShouldBeSameAs(s_orders[0].Lines);
    }

    [Fact]
    public void Apply_ThroughGeneratedGetters_FollowsReferencesAndLists()
    {
        Ids("{shipTo: null}").ShouldBe([2]);
        Ids("{shipTo: {}}").ShouldBe([1, 3]);
        Ids("{lines: {some: {quantity: {gt: 4}}}}").ShouldBe([1]);
        Ids("{lines: {all: {quantity: {lt: 3}}}}").ShouldBe([2, 3]);
        Ids("{lines: {none: {}}, shipTo: {}}").ShouldBe([3]);
    }
}

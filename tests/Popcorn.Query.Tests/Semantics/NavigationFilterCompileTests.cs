namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// Filters through a <c>[Filterable]</c> reference (<c>customer: {name: "x"}</c>, <c>customer: null</c>) and over a
/// <c>[Filterable]</c> list (<c>lines: {some|all|none: {...}}</c>): typed against the related type, hidden fields there
/// unknown, errors at their position, counted and bounded, and applied in memory through the generated getters.
/// </summary>
public class NavigationFilterCompileTests
{
    private sealed record Line(int Quantity, string Secret);

    private sealed record Customer(string Name, Customer? ReferredBy);

    private sealed record Order(int Id, Customer? Customer, List<Line>? Lines, Customer? Auditor);

    private static readonly TypeMetadata Shop = new("Shop");
    private static readonly TypeMetadata OrderType = new("Order");
    private static readonly TypeMetadata CustomerType = new("Customer");
    private static readonly TypeMetadata LineType = new("Line");

    private static readonly Customer s_ann = new("Ann", null);
    private static readonly Customer s_bob = new("Bob", s_ann);

    private static readonly Order[] s_orders =
    [
        new(1, s_ann, [new(1, ""), new(7, "")], null),
        new(2, s_bob, [new(2, "")], null),
        new(3, null, [], null),
        new(4, s_bob, null, null),
        new(5, new("Cy", s_bob), [new(9, ""), new(8, "")], null),
    ];

    static NavigationFilterCompileTests()
    {
        LineType.Initialize(
        [
            new FieldMetadata("quantity", FieldKind.Scalar, "int", FieldFlags.Filterable, valueType: typeof(int), getter: l => ((Line)l).Quantity),
            new FieldMetadata("secret", FieldKind.Scalar, "string", FieldFlags.Never | FieldFlags.Filterable, valueType: typeof(string), getter: l => ((Line)l).Secret),
        ]);
        CustomerType.Initialize(
        [
            new FieldMetadata("name", FieldKind.Scalar, "string", FieldFlags.Filterable, valueType: typeof(string), getter: c => ((Customer)c).Name),
            new FieldMetadata("referredBy", FieldKind.Object, "Customer?", FieldFlags.Filterable, CustomerType, isNullable: true, valueType: typeof(Customer), getter: c => ((Customer)c).ReferredBy),
        ]);
        OrderType.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always | FieldFlags.Filterable, valueType: typeof(int), getter: o => ((Order)o).Id),
            new FieldMetadata("customer", FieldKind.Object, "Customer?", FieldFlags.Filterable, CustomerType, isNullable: true, valueType: typeof(Customer), getter: o => ((Order)o).Customer),
            new FieldMetadata("lines", FieldKind.List, "List<Line>", FieldFlags.Filterable, LineType, valueType: typeof(List<Line>), getter: o => ((Order)o).Lines),
            new FieldMetadata("auditor", FieldKind.Object, "Customer?", FieldFlags.Never | FieldFlags.Filterable, CustomerType, isNullable: true, valueType: typeof(Customer), getter: o => ((Order)o).Auditor),
            new FieldMetadata("buyer", FieldKind.Object, "Customer?", elementType: CustomerType, isNullable: true),
        ]);
        Shop.Initialize([new FieldMetadata("orders", FieldKind.List, "List<Order>", elementType: OrderType)]);
    }

    private static CollectionArguments Arguments(string where, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(Shop, SelectionParser.Parse($"[orders(where: {where})]"), options).Fields[0].Arguments!;

    private static int[] Ids(string where) => Arguments(where).Apply(s_orders)!.Select(o => o.Id).ToArray();

    private static PopcornQueryException Refused(string where, PlanCompilerOptions? options = null) =>
        Should.Throw<PopcornQueryException>(() => Arguments(where, options));

    [Fact]
    public void Compile_AReference_IsANodeAroundTheRelatedTypesFilter()
    {
        var reference = Arguments("{customer: {name: \"Ann\"}}").Where.ShouldBeOfType<FilterReference>();

        reference.Field.WireName.ShouldBe("customer");
        reference.Operand.ShouldBeOfType<FilterComparison>().Field.DeclaringType.ShouldBe(CustomerType);
    }

    [Fact]
    public void Compile_AListQuantifier_IsANodeWithItsQuantifier()
    {
        var group = Arguments("{lines: {some: {quantity: {gt: 5}}, none: {}}}").Where.ShouldBeOfType<FilterGroup>();

        var some = group.Operands[0].ShouldBeOfType<FilterCollection>();
        some.Quantifier.ShouldBe(FilterQuantifier.Some);
        some.Operand.ShouldBeOfType<FilterComparison>().Field.DeclaringType.ShouldBe(LineType);
        var none = group.Operands[1].ShouldBeOfType<FilterCollection>();
        none.Quantifier.ShouldBe(FilterQuantifier.None);
        none.Operand.ShouldBeNull();
    }

    [Fact]
    public void Apply_AReference_KeepsElementsWhoseReferenceIsSetAndKeepsToTheFilter()
    {
        Ids("{customer: {name: \"Bob\"}}").ShouldBe([2, 4]);
        Ids("{customer: {name: {neq: \"Bob\"}}}").ShouldBe([1, 5]);
        Ids("{customer: {}}").ShouldBe([1, 2, 4, 5]);
        Ids("{customer: null}").ShouldBe([3]);
        Ids("{not: {customer: {name: \"Bob\"}}}").ShouldBe([1, 3, 5]);
        Ids("{customer: {referredBy: {name: \"Ann\"}}}").ShouldBe([2, 4]);
        Ids("{customer: {referredBy: {referredBy: {name: \"Ann\"}}}}").ShouldBe([5]);
        Ids("{customer: {referredBy: null}}").ShouldBe([1]);
    }

    [Fact]
    public void Apply_SomeAllNone_CountAnEmptyOrNullListAsEmpty()
    {
        Ids("{lines: {some: {quantity: {gt: 5}}}}").ShouldBe([1, 5]);
        Ids("{lines: {all: {quantity: {gt: 5}}}}").ShouldBe([3, 4, 5]);
        Ids("{lines: {none: {quantity: {gt: 5}}}}").ShouldBe([2, 3, 4]);
        Ids("{lines: {some: {}}}").ShouldBe([1, 2, 5]);
        Ids("{lines: {none: {}}}").ShouldBe([3, 4]);
        Ids("{lines: {all: {}}}").ShouldBe([1, 2, 3, 4, 5]);
        Ids("{lines: {some: {quantity: 1}, all: {quantity: {lt: 8}}}}").ShouldBe([1]);
        Ids("{lines: {}}").ShouldBe([1, 2, 3, 4, 5]);
    }

    [Fact]
    public void Compile_AHiddenFieldBeyondAReference_IsUnknownThere_AsAtTheTop()
    {
        var error = Refused("{lines: {some: {secret: \"x\"}}}");

        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Detail.ShouldStartWith("Unknown field 'secret' on type 'Line'.");
        error.Location.Column.ShouldBe(32);
    }

    [Fact]
    public void Compile_ANeverReference_IsUnknown_NotRefusedForItsKind()
    {
        var error = Refused("{auditor: {name: \"x\"}}");

        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Detail.ShouldStartWith("Unknown field 'auditor' on type 'Order'.");
    }

    [Fact]
    public void Compile_AReferenceWithoutFilterable_CannotBeFilteredBy()
    {
        Refused("{buyer: {name: \"x\"}}").Detail.ShouldBe("Field 'buyer' on type 'Order' cannot be filtered by. It can be filtered by: id, customer, lines.");
    }

    [Theory]
    [InlineData("{lines: {any: {}}}", "Unknown list filter 'any' on 'lines' in 'where'; use some, all or none.", 25)]
    [InlineData("{lines: {some: 3}}", "'some' on 'lines' in 'where' takes a filter of Line, such as {quantity: {eq: ...}}, not 3.", 25)]
    [InlineData("{lines: [{quantity: 1}]}", "'lines' in 'where' on field 'orders' is a list: filter it with some, all or none, such as {lines: {some: {quantity: {eq: ...}}}}; [{quantity: 1}] is not one.", 17)]
    [InlineData("{customer: \"Ann\"}", "'customer' in 'where' on field 'orders' is a Customer: filter it by its fields, such as {customer: {name: {eq: ...}}}, or test it with null; \"Ann\" is neither.", 17)]
    public void Compile_MisshapenNavigationFilters_AreErrorsAtTheirPosition(string where, string detail, int column)
    {
        var error = Refused(where);

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Detail.ShouldBe(detail);
        error.Location.Column.ShouldBe(column);
    }

    [Fact]
    public void Compile_APathThroughTooManyReferences_IsALimitError()
    {
        const string fourHops = "{customer: {referredBy: {referredBy: {referredBy: {name: \"x\"}}}}}";
        Arguments(fourHops).Where.ShouldBeOfType<FilterReference>();

        var error = Refused(fourHops, new PlanCompilerOptions { MaxFilterNavigationDepth = 3 });

        error.Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        error.Detail.ShouldContain("MaxFilterNavigationDepth");
    }

    [Fact]
    public void Compile_NavigationFilters_CountTowardsMaxFilterNodes()
    {
        // Each reference and quantifier is a node, beside the comparisons beyond them.
        var options = new PlanCompilerOptions { MaxFilterNodes = 3 };
        Arguments("{customer: {name: \"x\"}, lines: {some: {quantity: 1}}}", new PlanCompilerOptions { MaxFilterNodes = 4 });

        Refused("{customer: {name: \"x\"}, lines: {some: {quantity: 1}}}", options).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Fact]
    public void Compile_ASomeNestedPastTheParsersDepth_IsALimitError_NotAStackOverflow()
    {
        string nested = string.Concat(Enumerable.Repeat("{customer: {referredBy: ", 3000)) + "{}" + string.Concat(Enumerable.Repeat("}}", 3000));

        Refused(nested).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }
}

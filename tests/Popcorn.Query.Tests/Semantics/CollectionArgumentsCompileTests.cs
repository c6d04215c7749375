namespace Popcorn.Query.Tests.Semantics;

/// <summary>first/skip/orderBy/where on list fields: checked against metadata at compile time, typed in the plan.</summary>
public class CollectionArgumentsCompileTests
{
    private enum Status
    {
        Open,
        Shipped,
    }

    private sealed record Line(string Sku, int Quantity, decimal Price, Status Status, DateTime? ShippedAt, string Secret);

    private static readonly TypeMetadata Order = new("Order");
    private static readonly TypeMetadata LineType = new("Line");

    static CollectionArgumentsCompileTests()
    {
        const FieldFlags both = FieldFlags.Sortable | FieldFlags.Filterable;
        LineType.Initialize(
        [
            new FieldMetadata("sku", FieldKind.Scalar, "string", both, valueType: typeof(string), getter: l => ((Line)l).Sku),
            new FieldMetadata("quantity", FieldKind.Scalar, "int", both, valueType: typeof(int), getter: l => ((Line)l).Quantity),
            new FieldMetadata("price", FieldKind.Scalar, "decimal", FieldFlags.Filterable, valueType: typeof(decimal), getter: l => ((Line)l).Price),
            new FieldMetadata("status", FieldKind.Scalar, "Status", both, valueType: typeof(Status), getter: l => ((Line)l).Status),
            new FieldMetadata("shippedAt", FieldKind.Scalar, "DateTime?", both, isNullable: true, valueType: typeof(DateTime?), getter: l => ((Line)l).ShippedAt),
            new FieldMetadata("note", FieldKind.Scalar, "string"),
            new FieldMetadata("secret", FieldKind.Scalar, "string", FieldFlags.Never | both, valueType: typeof(string), getter: l => ((Line)l).Secret),
        ]);
        Order.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int"),
            new FieldMetadata("lines", FieldKind.List, "List<Line>", elementType: LineType),
            new FieldMetadata("tags", FieldKind.List, "string[]"),
            new FieldMetadata("first", FieldKind.Object, "Line", elementType: LineType),
        ]);
    }

    private static SelectionPlan Compile(string query, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(Order, SelectionParser.Parse(query), options);

    private static CollectionArguments Arguments(string query) => Compile(query).Fields[0].Arguments!;

    private static PopcornQueryException Refused(string query, PlanCompilerOptions? options = null) =>
        Should.Throw<PopcornQueryException>(() => Compile(query, options));

    [Fact]
    public void Compile_ListArguments_AreTypedInThePlan()
    {
        var arguments = Arguments("[lines(first: 10, skip: 5, orderBy: [{status: DESC}, {sku: ASC}], where: {quantity: {gt: 2}, status: SHIPPED})[sku]]");

        arguments.First.ShouldBe(10);
        arguments.Skip.ShouldBe(5);
        arguments.OrderBy.Select(k => (k.Field.WireName, k.Descending)).ShouldBe([("status", true), ("sku", false)]);
        var where = arguments.Where.ShouldBeOfType<FilterGroup>();
        where.IsOr.ShouldBeFalse();
        var quantity = where.Operands[0].ShouldBeOfType<FilterComparison>();
        (quantity.Field.WireName, quantity.Operator, quantity.Value).ShouldBe(("quantity", FilterOperator.GreaterThan, (object)2));
        where.Operands[1].ShouldBeOfType<FilterComparison>().Value.ShouldBe(Status.Shipped);
    }

    [Fact]
    public void Compile_BothSyntaxes_GiveEqualArguments_AtAnyDepth()
    {
        var include = PlanCompiler.Compile(Order, SelectionParser.Parse("[first[sku],lines(first: 3, orderBy: {sku: DESC})[sku]]"));
        var graphQL = PlanCompiler.Compile(Order, SelectionParser.Parse("{ first { sku } lines(first: 3, orderBy: {sku: DESC}) { sku } }"));

        include.Fields[0].Arguments!.Text.ShouldBe("first: 3, orderBy: {sku: DESC}");
        graphQL.Fields[0].Arguments!.Text.ShouldBe(include.Fields[0].Arguments!.Text);
        include.Signature.Key.ShouldBe(graphQL.Signature.Key);
    }

    [Fact]
    public void Parse_ArgumentsAtDepth_PrintBackInBothSyntaxes_AsOneTree()
    {
        var include = SelectionParser.Parse("[orders(first: 10, orderBy: {placedAt: DESC})[id,lines(first: 3)[sku]]]");
        var graphQL = SelectionParser.Parse("{ orders(first: 10, orderBy: {placedAt: DESC}) { id lines(first: 3) { sku } } }");

        graphQL.ShouldBe(include);
        include.ToIncludeString().ShouldBe("[orders(first: 10, orderBy: {placedAt: DESC})[id,lines(first: 3)[sku]]]");
        SelectionParser.Parse(include.ToGraphQLString()).ShouldBe(include);
        SelectionParser.Parse(graphQL.ToIncludeString()).ShouldBe(graphQL);
    }

    [Fact]
    public void Compile_PlansDifferingOnlyByArguments_HaveDifferentSignatures()
    {
        Compile("[lines(first: 1)[sku]]").Signature.Key.ShouldNotBe(Compile("[lines(first: 2)[sku]]").Signature.Key);
        Compile("[lines(first: 1)[sku]]").Signature.Key.ShouldNotBe(Compile("[lines[sku]]").Signature.Key);
    }

    [Fact]
    public void Compile_WhereValues_AreConvertedToTheFieldsType()
    {
        var where = (FilterGroup)Arguments("""[lines(where: {or: [{price: 2}, {shippedAt: {lt: "2025-01-02T03:04:05Z"}}, {shippedAt: null}]})]""").Where!;

        where.IsOr.ShouldBeTrue();
        ((FilterComparison)where.Operands[0]).Value.ShouldBe(2m);
        ((FilterComparison)where.Operands[1]).Value.ShouldBe(new DateTime(2025, 1, 2, 3, 4, 5, DateTimeKind.Utc));
        ((FilterComparison)where.Operands[2]).Value.ShouldBeNull();
    }

    [Theory]
    [InlineData("[lines(last: 3)]", "Argument 'last' on field 'lines' is not supported: to page backwards, reverse the orderBy and page with first and after.", 8)]
    [InlineData("[lines(frist: 3)]", "Unknown argument 'frist' on field 'lines' of type 'Order'. It takes first, skip, orderBy, where and after. Did you mean 'first'?", 8)]
    [InlineData("[lines(first: -1)]", "Argument 'first' on field 'lines' takes a whole number from 0, not -1.", 8)]
    [InlineData("[lines(first: \"3\")]", "Argument 'first' on field 'lines' takes a whole number from 0, not \"3\".", 8)]
    [InlineData("[lines(orderBy: {price: ASC})]", "Field 'price' on type 'Line' cannot be sorted by. It can be sorted by: sku, quantity, status, shippedAt.", 18)]
    [InlineData("[lines(orderBy: {sku: UP})]", "The direction of 'sku' in 'orderBy' is ASC or DESC, not UP.", 18)]
    [InlineData("[lines(orderBy: [{sku: ASC}, {quantity: ASC}, {sku: DESC}])]", "'sku' is sorted by twice in 'orderBy' on field 'lines'; each field may be a sort key once.", 48)]
    [InlineData("[lines(where: {quantity: \"many\"})]", "Field 'quantity' on type 'Line' is a int; \"many\" is not one.", 16)]
    [InlineData("[lines(where: {quantity: 1.5})]", "Field 'quantity' on type 'Line' is a int; 1.5 is not one.", 16)]
    [InlineData("[lines(where: {status: CLOSED})]", "Field 'status' on type 'Line' is a Status; CLOSED is not one.", 16)]
    [InlineData("[lines(where: {quantity: {like: 3}})]", "Unknown comparison 'like' in 'where'; use eq, neq, gt, gte, lt, lte, in, contains, startsWith or endsWith.", 27)]
    [InlineData("[lines(where: {note: \"x\"})]", "Field 'note' on type 'Line' cannot be filtered by. It can be filtered by: sku, quantity, price, status, shippedAt.", 16)]
    [InlineData("[id(first: 1)]", "Field 'id' on type 'Order' takes no arguments.", 2)]
    [InlineData("[tags(first: 1)]", "Field 'tags' on type 'Order' takes no arguments.", 2)]
    [InlineData("[lines(first: 1),lines(first: 2)]", "The key 'lines' selects 'lines' with different arguments; give each an alias.", 18)]
    public void Compile_BadArgument_IsAnErrorAtItsPosition(string query, string detail, int column)
    {
        var error = Refused(query);

        error.Detail.ShouldBe(detail);
        error.Location.Line.ShouldBe(1);
        error.Location.Column.ShouldBe(column);
    }

    [Fact]
    public void Compile_FirstAboveTheMaximum_IsALimitError()
    {
        Refused("[lines(first: 1001)]").Kind.ShouldBe(QueryErrorKind.LimitExceeded);
        Refused("[lines(first: 11)]", new PlanCompilerOptions { MaxPageSize = 10 }).Detail.ShouldBe("Argument 'first' on field 'lines' is 11, above the largest page of 10.");
        Arguments("[lines(first: 1000)]").First.ShouldBe(1000);
    }

    [Theory]
    [InlineData("orderBy: {secret: ASC}")]
    [InlineData("where: {secret: \"x\"}")]
    public void Compile_NeverFieldInArguments_IsReportedExactlyLikeAnUnknownField(string argument)
    {
        var never = Refused($"[lines({argument.Replace("secret", "zzzzzz")})]");
        var unknown = Refused($"[lines({argument})]");

        unknown.Kind.ShouldBe(QueryErrorKind.UnknownField);
        unknown.Detail.ShouldBe(never.Detail.Replace("zzzzzz", "secret"));
        unknown.Suggestions.ShouldBe(never.Suggestions);
        unknown.Detail.ShouldBe("Unknown field 'secret' on type 'Line'.");
    }

    [Theory]
    [InlineData("orderBy: {\"id; DROP TABLE lines\": ASC}")]
    [InlineData("where: {sku: \"'; DROP TABLE lines; --\"}")]
    public void Compile_InjectionAttempts_AreRefusedNamesOrTypedValues(string argument)
    {
        // A name that is not a field cannot even be written unquoted; a quoted one is no name at all (a syntax error).
        // A value with quotes is just a string: it is compared as data, never spliced into text.
        if (argument.StartsWith("orderBy", StringComparison.Ordinal))
        {
            Should.Throw<PopcornQueryException>(() => Compile($"[lines({argument})]")).Kind.ShouldBe(QueryErrorKind.Syntax);
        }
        else
        {
            ((FilterComparison)Arguments($"[lines({argument})]").Where!).Value.ShouldBe("'; DROP TABLE lines; --");
        }
    }

    [Fact]
    public void Compile_OneListRepeatedWithTheSameArguments_MergesInAnyArgumentOrder_AndReadsThemOnce()
    {
        var plan = Compile("{ lines(first: 2, where: {sku: \"a\"}) { sku } lines(where: {sku: \"a\"}, first: 2) { quantity } }");

        plan.Fields.ToArray().ShouldHaveSingleItem().Arguments!.Text.ShouldBe("first: 2, where: {sku: \"a\"}");
    }

    [Fact]
    public void Compile_ALargeValueRepeatedByFragments_IsReadOnce()
    {
        string big = new('z', 100_000);
        string query = "query Q($v: String) { ...A ...A ...A } fragment A on Order { ...B ...B ...B ...B } fragment B on Order { lines(where: {sku: $v}) { sku } }";
        using var variables = System.Text.Json.JsonDocument.Parse(System.Text.Json.JsonSerializer.Serialize(new { v = big }));
        var tree = SelectionParser.Parse(query, variables: variables.RootElement);
        PlanCompiler.Compile(Order, tree); // warm: the first call also pays for JIT compilation
        long before = GC.GetAllocatedBytesForCurrentThread();

        var plan = PlanCompiler.Compile(Order, tree);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // One read of the value (its canonical print included) is under 1 MB; twelve would be over 9.
        allocated.ShouldBeLessThan(2L * 1024 * 1024);
        ((FilterComparison)plan.Fields[0].Arguments!.Where!).Value.ShouldBe(big);
    }

    [Fact]
    public void Cost_ListWithFirst_CountsAtMostFirstElements()
    {
        long whole = SelectionCost.Estimate(Compile("[lines[sku,quantity]]"));
        long paged = SelectionCost.Estimate(Compile("[lines(first: 2)[sku,quantity]]"));
        long large = SelectionCost.Estimate(Compile("[lines(first: 500)[sku,quantity]]"));

        (whole, paged, large).ShouldBe((1 + 10 * 2, 1 + 2 * 2, whole));
    }

    [Fact]
    public void Compile_DeeplyNestedWhere_IsRefusedByTheParsersLimits_NotAStackOverflow()
    {
        string nested = string.Concat(Enumerable.Repeat("{or: [", 1300)) + "{sku: \"a\"}" + string.Concat(Enumerable.Repeat("]}", 1300));

        Should.Throw<PopcornQueryException>(() => Compile($"[lines(where: {nested})]")).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Fact]
    public void Apply_InMemory_FiltersSortsAndPages_WithNullsFirst()
    {
        var lines = new[]
        {
            new Line("b", 3, 2m, Status.Open, null, ""),
            new Line("a", 1, 5m, Status.Shipped, new DateTime(2025, 1, 2), ""),
            new Line("c", 3, 1m, Status.Shipped, new DateTime(2025, 1, 1), ""),
            new Line("d", 2, 4m, Status.Open, null, ""),
        };

        Arguments("[lines(orderBy: {shippedAt: ASC})]").Apply(lines)!.Select(l => l.Sku).ShouldBe(["b", "d", "c", "a"]);
        Arguments("[lines(orderBy: {shippedAt: DESC})]").Apply(lines)!.Select(l => l.Sku).ShouldBe(["a", "c", "b", "d"]);
        Arguments("[lines(where: {shippedAt: {gt: \"2024-01-01\"}})]").Apply(lines)!.Select(l => l.Sku).ShouldBe(["a", "c"]);
        Arguments("[lines(where: {shippedAt: {neq: null}, status: {in: [SHIPPED]}}, skip: 1)]").Apply(lines)!.Select(l => l.Sku).ShouldBe(["c"]);
        Arguments("[lines(first: 0)]").Apply(lines)!.ShouldBeEmpty();
        Arguments("[lines(first: 1)]").Apply<Line>(null).ShouldBeNull();
    }
}

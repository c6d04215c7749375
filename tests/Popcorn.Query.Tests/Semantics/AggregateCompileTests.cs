namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// <c>xAggregate</c> beside every visible list of models <c>x</c>: compiled in both syntaxes, its <c>where</c> typed
/// against the element type, anything but <c>where</c> and <c>count</c> refused with a position, a hidden or
/// <c>[Never]</c> list's aggregate unknown exactly like the list, and costed as one object.
/// </summary>
public class AggregateCompileTests
{
    private sealed record Line(int Quantity);

    private sealed record Order(int Id, List<Line> Lines, List<Line> Secret, List<Line> Audited);

    private static readonly TypeMetadata OrderType = new("Order");
    private static readonly TypeMetadata LineType = new("Line");

    static AggregateCompileTests()
    {
        LineType.Initialize(
        [
            new FieldMetadata("quantity", FieldKind.Scalar, "int", FieldFlags.Filterable, valueType: typeof(int), getter: l => ((Line)l).Quantity),
            new FieldMetadata("note", FieldKind.Scalar, "string"),
        ]);
        OrderType.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("lines", FieldKind.List, "List<Line>", elementType: LineType, valueType: typeof(List<Line>), getter: o => ((Order)o).Lines),
            new FieldMetadata("secret", FieldKind.List, "List<Line>", FieldFlags.Never, LineType, valueType: typeof(List<Line>), getter: o => ((Order)o).Secret),
            new FieldMetadata("audited", FieldKind.List, "List<Line>", elementType: LineType, policy: "Auditors", valueType: typeof(List<Line>), getter: o => ((Order)o).Audited),
            new FieldMetadata("tags", FieldKind.List, "List<string>"),
        ]);
    }

    private static SelectionPlan Compile(string include, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(OrderType, SelectionParser.Parse(include), options);

    private static PopcornQueryException Refused(string include, PlanCompilerOptions? options = null) =>
        Should.Throw<PopcornQueryException>(() => Compile(include, options));

    [Fact]
    public void Compile_Aggregate_PlansTheListsCountUnderItsOwnKey()
    {
        var plan = Compile("[linesAggregate(where: {quantity: {gt: 2}})[count]]");

        var planned = plan.Fields.ToArray().Single(f => f.OutputName == "linesAggregate");
        planned.FieldIndex.ShouldBe(PlannedField.AggregateIndex);
        planned.Field!.WireName.ShouldBe("lines");
        planned.Child.ShouldBeNull();
        planned.Aggregate!.TypeName.ShouldBe("LineAggregate");
        planned.Aggregate.Filter!.Where.ShouldNotBeNull();
        planned.Aggregate.Measures.Select(m => m.Kind).ShouldBe([AggregateMeasureKind.Count]);
        plan.ReadsNestedModels.ShouldBeFalse();
    }

    [Fact]
    public void Compile_AggregateWithoutChildren_CountsByDefault()
    {
        Compile("[linesAggregate]").Fields.ToArray().Single(f => f.Aggregate is not null).Aggregate!.Measures.Single().OutputName.ShouldBe("count");
    }

    [Fact]
    public void Compile_BothSyntaxes_PlanTheSameAggregate()
    {
        string include = Compile("[id,linesAggregate(where: {quantity: 3})[count]]").ToString();
        string graphQL = PlanCompiler.Compile(OrderType, SelectionParser.Parse("{ id linesAggregate(where: {quantity: {eq: 3}}) { count } }")).ToString();
        include.ShouldContain("linesAggregate:linesAggregate(");
        graphQL.ShouldContain("linesAggregate:linesAggregate(");
    }

    [Theory]
    [InlineData("[linesAggregate(first: 2)[count]]", "first", 17)]
    [InlineData("[linesAggregate(orderBy: {quantity: ASC})[count]]", "orderBy", 17)]
    [InlineData("[linesAggregate[sum]]", "sum", 17)]
    [InlineData("[linesAggregate[count[x]]]", "count", 17)]
    public void Compile_WhatAnAggregateDoesNotTake_IsRefusedWithItsPosition(string include, string named, int column)
    {
        var error = Refused(include);
        error.Message.ShouldContain(named);
        error.Column.ShouldBe(column);
    }

    [Fact]
    public void Compile_WhereOverAnUnfilterableField_IsRefusedAsForTheList()
    {
        Refused("[linesAggregate(where: {note: \"x\"})]").Message.ShouldContain("'note'");
    }

    [Fact]
    public void Compile_AggregateOfANeverList_IsUnknownLikeAnyOtherName()
    {
        var error = Refused("[secretAggregate[count]]");
        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Message.ShouldNotContain("secret'");
        error.Message.ShouldBe(Refused("[nothingAggregate[count]]").Message.Replace("nothingAggregate", "secretAggregate"));
    }

    [Fact]
    public void Compile_AggregateOfAListHiddenFromTheCaller_IsUnknown()
    {
        var options = PlanCompilerOptions.Default with { Access = FieldAccess.Denying(["Auditors"]) };
        Refused("[auditedAggregate[count]]", options).Kind.ShouldBe(QueryErrorKind.UnknownField);
        Compile("[auditedAggregate[count]]").Fields.ToArray().ShouldContain(f => f.OutputName == "auditedAggregate");
    }

    [Fact]
    public void Compile_AggregateOfAScalarList_IsUnknown()
    {
        Refused("[tagsAggregate[count]]").Kind.ShouldBe(QueryErrorKind.UnknownField);
    }

    [Fact]
    public void Compile_AggregateUnderTheListsOwnName_IsAKeyConflict()
    {
        Refused("[lines: linesAggregate[count],lines[quantity]]").Message.ShouldContain("use a different alias");
    }

    [Fact]
    public void Cost_CountsAnAggregateAsOneObject_NotAList()
    {
        SelectionCost.Estimate(Compile("[linesAggregate[count]]")).ShouldBe(3); // id, the aggregate's key, its count
        SelectionCost.Estimate(Compile("[lines[quantity]]")).ShouldBeGreaterThan(10);
    }

    [Fact]
    public void Signature_TellsAnAggregateFromItsFilterAndFromTheList()
    {
        Compile("[linesAggregate[count]]").Signature.ShouldNotBe(Compile("[linesAggregate(where: {quantity: 1})[count]]").Signature);
        Compile("[linesAggregate[count]]").Signature.ShouldNotBe(Compile("[lines[quantity]]").Signature);
    }
}

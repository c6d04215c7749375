
namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// <c>groups(by: [...])</c> inside an aggregate: by the element's <c>[Sortable]</c> scalars the caller sees; the same plan
/// from both syntaxes; a signature and a cost of their own; anything hidden is unknown exactly as an absent name.
/// </summary>
public class GroupCompileTests
{
    private static readonly TypeMetadata OrderType = new("Order");
    private static readonly TypeMetadata LineType = new("Line");

    static GroupCompileTests()
    {
        LineType.Initialize(
        [
            new FieldMetadata("quantity", FieldKind.Scalar, "int", FieldFlags.Sortable, valueType: typeof(int), getter: _ => 0),
            new FieldMetadata("sku", FieldKind.Scalar, "string", FieldFlags.Sortable, valueType: typeof(string), getter: _ => "a"),
            new FieldMetadata("weight", FieldKind.Scalar, "double", valueType: typeof(double), getter: _ => 0.0),
            new FieldMetadata("cost", FieldKind.Scalar, "decimal", FieldFlags.Sortable | FieldFlags.Never, valueType: typeof(decimal), getter: _ => 0m),
            new FieldMetadata("margin", FieldKind.Scalar, "decimal", FieldFlags.Sortable, policy: "Auditors", valueType: typeof(decimal), getter: _ => 0m),
        ]);
        OrderType.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("lines", FieldKind.List, "List<Line>", elementType: LineType, valueType: typeof(List<object>), getter: _ => null),
        ]);
    }

    private static readonly PlanCompilerOptions Outsider = PlanCompilerOptions.Default with { Access = FieldAccess.Denying(["Auditors"]) };

    private static SelectionPlan Compile(string query, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(OrderType, SelectionParser.Parse(query), options);

    private static AggregateGroups Groups(string query) =>
        Compile(query).Fields.ToArray().Single(f => f.Aggregate is not null).Aggregate!.Measures.Single(m => m.Kind == AggregateMeasureKind.Groups).Groups!;

    [Fact]
    public void Compile_Groups_PlanTheFieldsAndEachGroupsMeasures()
    {
        var groups = Groups("[linesAggregate[groups(by: [sku, quantity])[key[quantity],count,sum[quantity]]]]");

        groups.By.Select(f => f.WireName).ShouldBe(["sku", "quantity"]);
        groups.TypeName.ShouldBe("LineGroup");
        groups.Measures.Select(m => m.Kind).ShouldBe([AggregateMeasureKind.Key, AggregateMeasureKind.Count, AggregateMeasureKind.Sum]);
        groups.Measures[0].TypeName.ShouldBe("LineGroupKey");
        groups.Measures[0].Operands.Single().Field!.WireName.ShouldBe("quantity");
    }

    [Fact]
    public void Compile_BothSyntaxes_PlanTheSameGroups()
    {
        string include = Compile("[linesAggregate[groups(by: [sku])[key,count,max[quantity]]]]").Fields.ToArray()[1].Aggregate!.ToString();
        string graphQL = Compile("{ linesAggregate { groups(by: [sku]) { key { sku } count max { quantity } } } }").Fields.ToArray()[1].Aggregate!.ToString();

        graphQL.ShouldBe(include);
        include.ShouldBe("linesAggregate[groups(by: [sku])[key[sku],count,max[quantity]]]");
    }

    [Fact]
    public void Signature_TellsGroupsByDifferentFieldsApart()
    {
        PlanSignature.Of(Compile("[linesAggregate[groups(by: [sku])]]")).Key
            .ShouldNotBe(PlanSignature.Of(Compile("[linesAggregate[groups(by: [quantity])]]")).Key);
        PlanSignature.Of(Compile("[linesAggregate[groups(by: [sku])]]")).Key
            .ShouldNotBe(PlanSignature.Of(Compile("[linesAggregate[groups(by: [sku])[key,count,sum[quantity]]]]")).Key);
    }

    [Fact]
    public void Cost_CountsGroupsAsAList()
    {
        // id, the aggregate's key, groups' key, then AssumedListSize groups of key (1 + sku) and count.
        SelectionCost.Estimate(Compile("[linesAggregate[groups(by: [sku])[key,count]]]"), assumedListSize: 10).ShouldBe(3 + 10 * 3);
    }

    [Theory]
    [InlineData("[linesAggregate[groups(by: [cost])]]")]
    [InlineData("[linesAggregate[groups(by: [nonesuch])]]")]
    public void Compile_NeverOrAbsentFields_AreUnknownAlike(string query)
    {
        var e = Should.Throw<PopcornQueryException>(() => Compile(query));

        e.Message.ShouldStartWith("Unknown field '");
        e.Message.ShouldContain("' on type 'Line'.");
    }

    [Fact]
    public void Compile_ANameCloseToANeverField_DoesNotSuggestIt()
    {
        Should.Throw<PopcornQueryException>(() => Compile("[linesAggregate[groups(by: [cosd])]]")).Message.ShouldNotContain("cost");
    }

    [Fact]
    public void Compile_FieldHiddenFromTheCaller_IsUnknown_AndNotSuggested()
    {
        var e = Should.Throw<PopcornQueryException>(() => Compile("[linesAggregate[groups(by: [margin])]]", Outsider));

        e.Message.ShouldStartWith("Unknown field 'margin' on type 'Line'.");
        Compile("[linesAggregate[groups(by: [margin])]]").ShouldNotBeNull();
    }

    [Fact]
    public void Compile_UnsortableField_SaysWhichFieldsCanBeGroupedBy()
    {
        Should.Throw<PopcornQueryException>(() => Compile("[linesAggregate[groups(by: [weight])]]", Outsider))
            .Message.ShouldContain("cannot be grouped by. It can be grouped by: quantity, sku.");
    }
}

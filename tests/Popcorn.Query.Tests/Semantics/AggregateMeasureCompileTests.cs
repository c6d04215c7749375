
namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> inside an aggregate (<c>linesAggregate[sum[price],max[placed]]</c>): over
/// the element's <c>[Sortable]</c> scalar fields the caller sees, <c>sum</c>/<c>avg</c> numeric only; anything else is
/// unknown exactly as an absent name, so a <c>[Never]</c>, hidden or unsortable field is not revealed.
/// </summary>
public class AggregateMeasureCompileTests
{
    private static readonly TypeMetadata OrderType = new("Order");
    private static readonly TypeMetadata LineType = new("Line");
    private static readonly TypeMetadata NoteType = new("Note");

    static AggregateMeasureCompileTests()
    {
        LineType.Initialize(
        [
            new FieldMetadata("quantity", FieldKind.Scalar, "int", FieldFlags.Sortable, valueType: typeof(int), getter: _ => 0),
            new FieldMetadata("price", FieldKind.Scalar, "decimal?", FieldFlags.Sortable, valueType: typeof(decimal?), getter: _ => null),
            new FieldMetadata("placed", FieldKind.Scalar, "DateTime", FieldFlags.Sortable, valueType: typeof(DateTime), getter: _ => DateTime.MinValue),
            new FieldMetadata("weight", FieldKind.Scalar, "double", valueType: typeof(double), getter: _ => 0.0),
            new FieldMetadata("cost", FieldKind.Scalar, "decimal", FieldFlags.Sortable | FieldFlags.Never, valueType: typeof(decimal), getter: _ => 0m),
            new FieldMetadata("margin", FieldKind.Scalar, "decimal", FieldFlags.Sortable, policy: "Auditors", valueType: typeof(decimal), getter: _ => 0m),
        ]);
        NoteType.Initialize([new FieldMetadata("text", FieldKind.Scalar, "string", FieldFlags.Sortable, valueType: typeof(string), getter: _ => "a")]);
        OrderType.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("lines", FieldKind.List, "List<Line>", elementType: LineType, valueType: typeof(List<object>), getter: _ => null),
            new FieldMetadata("notes", FieldKind.List, "List<Note>", elementType: NoteType, valueType: typeof(List<object>), getter: _ => null),
        ]);
    }

    private static readonly PlanCompilerOptions Outsider = PlanCompilerOptions.Default with { Access = FieldAccess.Denying(["Auditors"]) };

    private static ListAggregate Aggregate(string query, PlanCompilerOptions? options = null) =>
        PlanCompiler.Compile(OrderType, SelectionParser.Parse(query), options).Fields.ToArray().Single(f => f.Aggregate is not null).Aggregate!;

    private static PopcornQueryException Refused(string query, PlanCompilerOptions? options = null) =>
        Should.Throw<PopcornQueryException>(() => Aggregate(query, options));

    [Fact]
    public void Compile_Measures_PlanEachObjectWithItsFieldsAndTypeName()
    {
        var aggregate = Aggregate("[linesAggregate[count,sum[quantity,price],avg[q: quantity],min[placed],max[price,placed]]]");
        aggregate.Measures.Select(m => m.Kind).ShouldBe(
            [AggregateMeasureKind.Count, AggregateMeasureKind.Sum, AggregateMeasureKind.Average, AggregateMeasureKind.Minimum, AggregateMeasureKind.Maximum]);
        aggregate.Measures.Select(m => m.TypeName).ShouldBe([null, "LineSums", "LineAverages", "LineMinima", "LineMaxima"]);
        aggregate.Measures[1].Operands.Select(o => o.Field!.WireName).ShouldBe(["quantity", "price"]);
        aggregate.Measures[2].Operands.Single().OutputName.ShouldBe("q");
        aggregate.ToString().ShouldBe("linesAggregate[count,sum[quantity,price],avg[q:quantity],min[placed],max[price,placed]]");
    }

    [Fact]
    public void Compile_BothSyntaxes_PlanTheSameMeasures()
    {
        string include = Aggregate("[linesAggregate[count,sum[price],max[placed]]]").ToString();
        string graphQL = Aggregate("{ linesAggregate { count sum { price } max { placed } } }").ToString();
        graphQL.ShouldBe(include);
    }

    [Fact]
    public void Compile_GraphQLMentionsOfOneMeasure_AreMergedAndKeepTypeName()
    {
        var sum = Aggregate("{ linesAggregate { sum { price } sum { __typename quantity } } }").Measures.Single();
        sum.Operands.Select(o => o.ToString()).ShouldBe(["price", "__typename", "quantity"]);
    }

    [Fact]
    public void Compile_WildcardInsideAMeasure_TakesEveryFieldItCanMeasure()
    {
        var aggregate = Aggregate("[linesAggregate[sum[!all],max[!all]]]");
        aggregate.Measures[0].Operands.Select(o => o.OutputName).ShouldBe(["quantity", "price", "margin"]);
        aggregate.Measures[1].Operands.Select(o => o.OutputName).ShouldBe(["quantity", "price", "placed", "margin"]);
    }

    [Theory]
    [InlineData("[linesAggregate[sum]]")]
    [InlineData("[linesAggregate[sum[]]]")]
    [InlineData("[linesAggregate[sum[!default]]]")]
    [InlineData("{ linesAggregate { sum } }")]
    public void Compile_MeasureNamedAlone_TakesEveryFieldItCanMeasure_AsAModelNamedAloneWritesItsDefaults(string query)
    {
        Aggregate(query).Measures.Single().Operands.Select(o => o.OutputName).ShouldBe(["quantity", "price", "margin"]);
    }

    [Fact]
    public void Compile_NegatedAndOptionalNames_InsideAMeasure_FollowTheModelRules()
    {
        Aggregate("[linesAggregate[sum[!all,-price]]]").Measures.Single().Operands.Select(o => o.OutputName).ShouldBe(["quantity", "margin"]);
        Aggregate("[linesAggregate[max[?nothing,?cost,placed]]]").Measures.Single().Operands.Select(o => o.OutputName).ShouldBe(["placed"]);
        Aggregate("[linesAggregate[?median,count]]").Measures.Single().Kind.ShouldBe(AggregateMeasureKind.Count);
        Aggregate("[linesAggregate[sum[-price]]]").Measures.Single().Operands.ShouldBeEmpty(); // as [-x] on a model: nothing added
        Refused("[linesAggregate[sum[-nothing]]]").Kind.ShouldBe(QueryErrorKind.UnknownField);
        Aggregate("[linesAggregate[count,max[placed],-max]]").Measures.Single().Kind.ShouldBe(AggregateMeasureKind.Count);
        Aggregate("[linesAggregate[count,m: max[placed],-max]]").Measures.Count.ShouldBe(2);
    }

    [Fact]
    public void Compile_NegatedAggregate_TakesOutWhatItsOwnNameWrites_NotAnAlias()
    {
        PlanCompiler.Compile(OrderType, SelectionParser.Parse("[id,linesAggregate,-linesAggregate]")).Fields.ToArray().ShouldAllBe(f => f.Aggregate == null);
        PlanCompiler.Compile(OrderType, SelectionParser.Parse("[id,n: linesAggregate,-linesAggregate]")).Fields.ToArray().Count(f => f.Aggregate != null).ShouldBe(1);
    }

    [Fact]
    public void Compile_MeasureOverAnElementWithNothingItCanMeasure_IsUnknownLikeAnyOtherName()
    {
        // A note's only sortable field is text: max takes it, sum has nothing to add, so NoteAggregate has no sum.
        var error = Refused("[notesAggregate[sum[text]]]");
        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Message.ShouldBe("Unknown field 'sum' on type 'NoteAggregate'. (line 1, column 17)");
        Aggregate("[notesAggregate[max[text]]]").Measures.Single().Operands.Single().OutputName.ShouldBe("text");
    }

    [Theory]
    [InlineData("cost")]    // [Never]
    [InlineData("weight")]  // not [Sortable]
    [InlineData("nothing")] // absent
    public void Compile_NeverUnsortableOrAbsentField_IsTheSameUnknownField(string name)
    {
        var error = Refused($"[linesAggregate[max[{name}]]]");
        error.Kind.ShouldBe(QueryErrorKind.UnknownField);
        error.Message.ShouldBe($"Unknown field '{name}' on type 'LineMaxima'. (line 1, column 21)");
        error.Column.ShouldBe(21);
    }

    [Fact]
    public void Compile_FieldHiddenFromTheCaller_IsUnknownToThemOnly()
    {
        Refused("[linesAggregate[sum[margin]]]", Outsider).Message.ShouldBe(Refused("[linesAggregate[sum[nothing]]]").Message.Replace("nothing", "margin"));
        Aggregate("[linesAggregate[sum[margin]]]").Measures.Single().Operands.Single().Field!.WireName.ShouldBe("margin");
        Aggregate("[linesAggregate[sum[!all]]]", Outsider).Measures.Single().Operands.Select(o => o.OutputName).ShouldNotContain("margin");
    }

    [Fact]
    public void Compile_SumOfANonNumericField_IsRefusedWithItsPosition()
    {
        var error = Refused("{ linesAggregate {\n  avg { placed } } }");
        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldBe("Field 'placed' of type 'Line' is not a number, so 'avg' cannot measure it; min and max can. (line 2, column 9)");
        (error.Line, error.Column).ShouldBe((2, 9));
    }

    [Theory]
    [InlineData("[linesAggregate[sum(x: 1)[price]]]", "takes no arguments")]
    [InlineData("[linesAggregate[sum[price[x]]]]", "takes no arguments or nested selection")]
    [InlineData("[linesAggregate[sum[price],sum: max[price]]]", "use a different alias")]
    [InlineData("[linesAggregate[sum[p: price,p: quantity]]]", "use a different alias")]
    [InlineData("[linesAggregate[median[price]]]", "Unknown field 'median' on type 'LineAggregate'")]
    public void Compile_MalformedMeasure_IsA400WithAUsefulMessage(string include, string message)
    {
        var error = Refused(include);
        error.Message.ShouldContain(message);
        error.Column.ShouldBeGreaterThan(0);
    }

    [Fact]
    public void Signature_TellsMeasuresOfDifferentFieldsApart()
    {
        var a = PlanCompiler.Compile(OrderType, SelectionParser.Parse("[linesAggregate[sum[price]]]"));
        var b = PlanCompiler.Compile(OrderType, SelectionParser.Parse("[linesAggregate[sum[quantity]]]"));
        PlanSignature.Of(a).Key.ShouldNotBe(PlanSignature.Of(b).Key);
    }

    [Fact]
    public void Cost_CountsEachMeasureObjectAndItsKeys()
    {
        SelectionCost.Estimate(PlanCompiler.Compile(OrderType, SelectionParser.Parse("[linesAggregate[count,sum[price,quantity]]]"))).ShouldBe(6); // id, key, count, sum, 2 keys
    }
}

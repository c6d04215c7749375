using System.Text;
using System.Text.Json;

namespace Popcorn.Query.Tests.Writing;

/// <summary>
/// A database's <see cref="IntegerTotals"/> (COUNT, SUM, MIN, MAX of a small integer per parent) are written exactly as
/// the same measures over the elements in memory: same numbers, same nulls, the same double rounding of a mean.
/// </summary>
public class IntegerTotalsTests
{
    private sealed record Line(int? Quantity, int Weight);

    private static readonly TypeMetadata LineType = new("Line");
    private static readonly TypeMetadata OrderType = new("Order");

    static IntegerTotalsTests()
    {
        LineType.Initialize(
        [
            new FieldMetadata("quantity", FieldKind.Scalar, "int?", FieldFlags.Sortable, valueType: typeof(int?), getter: l => ((Line)l).Quantity),
            new FieldMetadata("weight", FieldKind.Scalar, "int", FieldFlags.Sortable, valueType: typeof(int), getter: l => ((Line)l).Weight),
        ]);
        OrderType.Initialize([new FieldMetadata("lines", FieldKind.List, "List<Line>", elementType: LineType, valueType: typeof(List<Line>), getter: _ => null)]);
    }

    public static TheoryData<int?[]> Quantities => new()
    {
        new int?[] { 1, 2, 4 },
        new int?[] { null, 7, null, -3 },
        new int?[] { null, null },
        new int?[] { int.MaxValue, int.MaxValue, int.MinValue, 5 },
        new int?[] { 1, 1, 1 }, // a mean of 1 exactly
        new int?[] { 2, 1, 1 }, // a mean that does not end: 1.3333...
        System.Array.Empty<int?>(),
    };

    [Theory]
    [MemberData(nameof(Quantities))]
    public void Totals_AreWrittenAsTheSameMeasuresOverTheElements(int?[] quantities)
    {
        var lines = quantities.Select((q, i) => (object)new Line(q, i * 3 - 4)).ToList();
        var aggregate = PlanCompiler.Compile(OrderType, SelectionParser.Parse("[linesAggregate[sum[quantity,weight],avg[quantity,weight],min[quantity,weight],max[quantity,weight]]]"))
            .Fields.ToArray().Single().Aggregate!;
        var totals = LineType.SelectableFields.Select(field =>
        {
            var values = lines.Select(l => field.GetValue!(l)).OfType<int>().Select(v => (long)v).ToList();
            return new IntegerTotals(field, values.Count, values.Sum(), values.Count == 0 ? 0 : values.Min(), values.Count == 0 ? 0 : values.Max());
        }).ToList();

        foreach (var measure in aggregate.Measures)
        {
            Write(w => MeasureValues.Write(w, measure, totals)).ShouldBe(Write(w => MeasureValues.Write(w, measure, lines)), measure.ToString());
        }
    }

    private static string Write(Action<Utf8JsonWriter> write)
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream))
        {
            writer.WriteStartObject();
            write(writer);
            writer.WriteEndObject();
        }

        return Encoding.UTF8.GetString(stream.ToArray());
    }
}

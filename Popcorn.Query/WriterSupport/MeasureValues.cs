using System.Collections;
using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Computes and writes the <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> objects of an aggregate over elements in memory
/// (docs/data.md, "Aggregates"). Null values are left out, as SQL's aggregates leave them out; over no value every
/// measure is null. A sum of integers is a Float (GraphQL's Int is 32 bits), added exactly first; a sum or mean of
/// decimals stays a decimal; of floating-point numbers, a double.
/// </summary>
internal static class MeasureValues
{
    /// <summary>Whether <c>sum</c> and <c>avg</c> take a field of <paramref name="type"/>.</summary>
    public static bool IsNumeric(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return IsIntegral(type) || type == typeof(double) || type == typeof(float) || type == typeof(decimal);
    }

    /// <summary>Whether <c>min</c> and <c>max</c> take a field of <paramref name="type"/>: values they order and write as the writers do.</summary>
    public static bool IsOrdered(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return IsNumeric(type) || type == typeof(string) || type == typeof(DateTime) || type == typeof(DateTimeOffset)
            || type == typeof(DateOnly) || type == typeof(TimeOnly) || type == typeof(TimeSpan) || type == typeof(Guid);
    }

    /// <summary>Writes one measure object (<c>"sum":{"total":12.5}</c>) over <paramref name="elements"/>, the kept ones.</summary>
    public static void Write(Utf8JsonWriter writer, AggregateMeasure measure, IReadOnlyList<object> elements) =>
        WriteObject(writer, measure, elements, static (writer, kind, field, elements) =>
        {
            var values = new List<object>(elements.Count);
            foreach (var element in elements)
            {
                if (field.GetValue!(element) is { } value)
                {
                    values.Add(value);
                }
            }

            if (values.Count == 0)
            {
                writer.WriteNullValue();
                return;
            }

            switch (kind)
            {
                case AggregateMeasureKind.Sum:
                    WriteSum(writer, values, divideBy: 1);
                    break;
                case AggregateMeasureKind.Average:
                    WriteSum(writer, values, divideBy: values.Count);
                    break;
                default:
                    WriteValue(writer, Extreme(values, kind == AggregateMeasureKind.Maximum));
                    break;
            }
        });

    /// <summary>
    /// Writes one measure object from the totals a database computed (integer fields only), with the very arithmetic
    /// of the element path: the sum as a decimal, then one rounding to the Float written; the extremes as longs.
    /// </summary>
    public static void Write(Utf8JsonWriter writer, AggregateMeasure measure, IReadOnlyList<IntegerTotals> totals) =>
        WriteObject(writer, measure, totals, static (writer, kind, field, totals) =>
        {
            var total = Find(totals, field);
            if (total.ValueCount == 0)
            {
                writer.WriteNullValue();
                return;
            }

            switch (kind)
            {
                case AggregateMeasureKind.Sum:
                    writer.WriteNumberValue((double)(decimal)total.Sum / 1);
                    break;
                case AggregateMeasureKind.Average:
                    writer.WriteNumberValue((double)(decimal)total.Sum / (int)total.ValueCount);
                    break;
                case AggregateMeasureKind.Minimum:
                    writer.WriteNumberValue(total.Minimum);
                    break;
                default:
                    writer.WriteNumberValue(total.Maximum);
                    break;
            }
        });

    /// <summary>The object of a measure: its key, then each operand's key and value (<c>__typename</c>: the measure type's name).</summary>
    private static void WriteObject<TSource>(Utf8JsonWriter writer, AggregateMeasure measure, TSource source, Action<Utf8JsonWriter, AggregateMeasureKind, FieldMetadata, TSource> writeValue)
    {
        writer.WritePropertyName(measure.EncodedOutputName);
        writer.WriteStartObject();
        foreach (var operand in measure.Operands)
        {
            writer.WritePropertyName(operand.EncodedOutputName);
            if (operand.Field is { } field)
            {
                writeValue(writer, measure.Kind, field, source);
            }
            else
            {
                writer.WriteStringValue(measure.TypeName);
            }
        }

        writer.WriteEndObject();
    }

    private static IntegerTotals Find(IReadOnlyList<IntegerTotals> totals, FieldMetadata field)
    {
        foreach (var total in totals)
        {
            if (ReferenceEquals(total.Field, field))
            {
                return total;
            }
        }

        throw new InvalidOperationException($"No totals were stored for the field '{field.WireName}'.");
    }

    private static void WriteSum(Utf8JsonWriter writer, List<object> values, int divideBy)
    {
        var type = values[0].GetType();
        if (type == typeof(decimal))
        {
            decimal sum = 0;
            foreach (var value in values)
            {
                sum += (decimal)value;
            }

            writer.WriteNumberValue(sum / divideBy);
        }
        else if (IsIntegral(type))
        {
            // Exact while it fits a decimal (28 digits, far past any long), then one rounding to the Float written.
            decimal sum = 0;
            foreach (var value in values)
            {
                sum += Convert.ToDecimal(value, System.Globalization.CultureInfo.InvariantCulture);
            }

            writer.WriteNumberValue((double)sum / divideBy);
        }
        else
        {
            double sum = 0;
            foreach (var value in values)
            {
                sum += Convert.ToDouble(value, System.Globalization.CultureInfo.InvariantCulture);
            }

            WriteDouble(writer, sum / divideBy);
        }
    }

    private static object Extreme(List<object> values, bool greatest)
    {
        // Text by ordinal, as the in-memory orderBy orders it; every other measurable type is IComparable with itself.
        object best = values[0];
        for (int i = 1; i < values.Count; i++)
        {
            int order = values[i] is string text ? string.CompareOrdinal(text, (string)best) : Comparer.Default.Compare(values[i], best);
            if (greatest ? order > 0 : order < 0)
            {
                best = values[i];
            }
        }

        return best;
    }

    /// <summary>Writes a value of a type the measures order (and a <c>bool</c>, a group's key) as the writers write it.</summary>
    internal static void WriteValue(Utf8JsonWriter writer, object value)
    {
        switch (value)
        {
            case string text: writer.WriteStringValue(text); break;
            case bool flag: writer.WriteBooleanValue(flag); break;
            case DateTime date: writer.WriteStringValue(date); break;
            case DateTimeOffset date: writer.WriteStringValue(date); break;
            case DateOnly date: Generated.PopcornValueWriter.WriteDateOnlyValue(writer, date); break;
            case TimeOnly time: Generated.PopcornValueWriter.WriteTimeOnlyValue(writer, time); break;
            case TimeSpan span: Generated.PopcornValueWriter.WriteTimeSpanValue(writer, span); break;
            case Guid id: writer.WriteStringValue(id); break;
            case decimal number: writer.WriteNumberValue(number); break;
            case double number: WriteDouble(writer, number); break;
            case float number: WriteDouble(writer, number); break;
            case ulong number: writer.WriteNumberValue(number); break;
            default: writer.WriteNumberValue(Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture)); break;
        }
    }

    // JSON has no NaN or infinity; a sum that overflows a double is written as null rather than failing the response.
    private static void WriteDouble(Utf8JsonWriter writer, double number)
    {
        if (double.IsFinite(number))
        {
            writer.WriteNumberValue(number);
        }
        else
        {
            writer.WriteNullValue();
        }
    }

    private static bool IsIntegral(Type type) =>
        type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte)
        || type == typeof(sbyte) || type == typeof(ushort) || type == typeof(uint) || type == typeof(ulong);
}

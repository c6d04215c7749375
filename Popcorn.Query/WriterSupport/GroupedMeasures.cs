using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Writes a <c>groups</c> key of an aggregate (<see cref="AggregateGroups"/>) over the kept elements in memory: splits
/// them by the values of the <c>by</c> fields, orders the groups by those values as <c>orderBy</c> ascending orders
/// (nulls first, text by ordinal), and writes one object of measures per group (docs/data.md, "Groups").
/// </summary>
internal static class GroupedMeasures
{
    /// <summary>Writes <c>"groups": [{"key": {...}, "count": 3}, ...]</c> over <paramref name="kept"/>.</summary>
    public static void Write(Utf8JsonWriter writer, AggregateMeasure measure, IReadOnlyList<object> kept)
    {
        writer.WritePropertyName(measure.EncodedOutputName);
        writer.WriteStartArray();
        foreach (var elements in Split(measure.Groups!.By, kept))
        {
            // Every element of a group has the key's values: the first one's are written as the model writes them.
            WriteGroup(writer, measure.Groups, elements[0], elements.Count, static (writer, inner, elements) => MeasureValues.Write(writer, inner, elements), elements);
        }

        writer.WriteEndArray();
    }

    /// <summary>Writes the groups a database computed (<see cref="GroupTotals"/>), in the order of their keys.</summary>
    public static void Write(Utf8JsonWriter writer, AggregateMeasure measure, IReadOnlyList<GroupTotals> computed)
    {
        var by = measure.Groups!.By;
        var keys = new object?[computed.Count][];
        var ordered = new GroupTotals[computed.Count];
        for (int i = 0; i < keys.Length; i++)
        {
            keys[i] = KeyOf(by, computed[i].KeyElement);
            ordered[i] = computed[i];
        }

        // In memory, as the element path orders them: the database's collation never decides the order.
        Array.Sort(keys, ordered, KeyComparer.Instance);
        writer.WritePropertyName(measure.EncodedOutputName);
        writer.WriteStartArray();
        foreach (var group in ordered)
        {
            WriteGroup(writer, measure.Groups, group.KeyElement, group.Count, static (writer, inner, totals) => MeasureValues.Write(writer, inner, totals), group.Totals);
        }

        writer.WriteEndArray();
    }

    private static void WriteGroup<TValues>(Utf8JsonWriter writer, AggregateGroups groups, object keyElement, long count, Action<Utf8JsonWriter, AggregateMeasure, TValues> writeMeasure, TValues values)
    {
        writer.WriteStartObject();
        foreach (var inner in groups.Measures)
        {
            switch (inner.Kind)
            {
                case AggregateMeasureKind.Count:
                    writer.WriteNumber(inner.EncodedOutputName, count);
                    break;
                case AggregateMeasureKind.TypeName:
                    writer.WriteString(inner.EncodedOutputName, groups.TypeName);
                    break;
                case AggregateMeasureKind.Key:
                    WriteKey(writer, inner, keyElement);
                    break;
                default:
                    writeMeasure(writer, inner, values);
                    break;
            }
        }

        writer.WriteEndObject();
    }

    private static object?[] KeyOf(IReadOnlyList<FieldMetadata> by, object element)
    {
        var key = new object?[by.Count];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = by[i].GetValue!(element);
        }

        return key;
    }

    /// <summary>The kept elements by group, the groups in the order of their keys; each group keeps its elements' order.</summary>
    internal static List<List<object>> Split(IReadOnlyList<FieldMetadata> by, IReadOnlyList<object> kept)
    {
        var groups = new Dictionary<object?[], List<object>>(KeyComparer.Instance);
        foreach (var element in kept)
        {
            var key = KeyOf(by, element);
            if (!groups.TryGetValue(key, out var members))
            {
                groups.Add(key, members = []);
            }

            members.Add(element);
        }

        var keys = groups.Keys.ToArray();
        Array.Sort(keys, KeyComparer.Instance);
        var ordered = new List<List<object>>(keys.Length);
        foreach (var key in keys)
        {
            ordered.Add(groups[key]);
        }

        return ordered;
    }

    private static void WriteKey(Utf8JsonWriter writer, AggregateMeasure key, object element)
    {
        writer.WritePropertyName(key.EncodedOutputName);
        writer.WriteStartObject();
        foreach (var operand in key.Operands)
        {
            writer.WritePropertyName(operand.EncodedOutputName);
            if (operand.Field is not { } field)
            {
                writer.WriteStringValue(key.TypeName);
            }
            else if (field.WriteValue is { } write)
            {
                write(writer, element);
            }
            else if (field.GetValue!(element) is { } value)
            {
                MeasureValues.WriteValue(writer, value);
            }
            else
            {
                writer.WriteNullValue();
            }
        }

        writer.WriteEndObject();
    }

    /// <summary>Equal keys by their values (text by ordinal); ordered as the in-memory orderBy orders them, field by field.</summary>
    private sealed class KeyComparer : IEqualityComparer<object?[]>, IComparer<object?[]>
    {
        public static readonly KeyComparer Instance = new();

        public bool Equals(object?[]? x, object?[]? y)
        {
            for (int i = 0; i < x!.Length; i++)
            {
                if (!object.Equals(x[i], y![i]))
                {
                    return false;
                }
            }

            return true;
        }

        public int GetHashCode(object?[] key)
        {
            var hash = default(HashCode);
            foreach (var value in key)
            {
                hash.Add(value);
            }

            return hash.ToHashCode();
        }

        public int Compare(object?[]? x, object?[]? y)
        {
            for (int i = 0; i < x!.Length; i++)
            {
                int order = InMemoryArrangement.Compare(x[i], y![i]);
                if (order != 0)
                {
                    return order;
                }
            }

            return 0;
        }
    }
}

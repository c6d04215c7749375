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
        var groups = measure.Groups!;
        writer.WritePropertyName(measure.EncodedOutputName);
        writer.WriteStartArray();
        foreach (var elements in Split(groups.By, kept))
        {
            writer.WriteStartObject();
            foreach (var inner in groups.Measures)
            {
                switch (inner.Kind)
                {
                    case AggregateMeasureKind.Count:
                        writer.WriteNumber(inner.EncodedOutputName, elements.Count);
                        break;
                    case AggregateMeasureKind.TypeName:
                        writer.WriteString(inner.EncodedOutputName, groups.TypeName);
                        break;
                    case AggregateMeasureKind.Key:
                        // Every element of a group has the key's values: the first one's are written as the model writes them.
                        WriteKey(writer, inner, elements[0]);
                        break;
                    default:
                        MeasureValues.Write(writer, inner, elements);
                        break;
                }
            }

            writer.WriteEndObject();
        }

        writer.WriteEndArray();
    }

    /// <summary>The kept elements by group, the groups in the order of their keys; each group keeps its elements' order.</summary>
    internal static List<List<object>> Split(IReadOnlyList<FieldMetadata> by, IReadOnlyList<object> kept)
    {
        var groups = new Dictionary<object?[], List<object>>(KeyComparer.Instance);
        foreach (var element in kept)
        {
            var key = new object?[by.Count];
            for (int i = 0; i < key.Length; i++)
            {
                key[i] = by[i].GetValue!(element);
            }

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

using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

// Aggregates in /popcorn/schema: `xAggregate` is described right after its list as an object field of type
// `XAggregate`, and that type with its `count` and its measure objects (`sum` of type `XSums`, ...), each measure type
// with the fields it measures, so the playground completes `ordersAggregate[count,sum[total]]` and a client generator
// types it like any nested object (docs/data.md, "Aggregates").
internal static partial class SchemaJsonWriter
{
    private static void WriteAggregateField(Utf8JsonWriter json, FieldMetadata list)
    {
        string typeName = list.ElementType!.Name + ListAggregate.TypeSuffix;
        WriteNumbersField(json, list.WireName + ListAggregate.FieldSuffix, "object", typeName, typeName, isNullable: false, $"Numbers over every element of {list.WireName} that where keeps (not a page).");
        json.WriteString("aggregates", list.WireName);
        json.WriteStartArray("arguments");
        json.WriteStringValue("where");
        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>The aggregate type of <paramref name="element"/>, then the measure types its fields give the caller.</summary>
    private static void WriteAggregateTypes(Utf8JsonWriter json, TypeMetadata element, FieldAccess access, ISet<string> taken)
    {
        var measures = AggregateSchema.Measures(element, access, taken).ToArray();
        json.WriteStartObject();
        json.WriteString("name", element.Name + ListAggregate.TypeSuffix);
        json.WriteString("description", $"Numbers over a list of {element.Name}.");
        json.WriteStartArray("fields");
        WriteCountAndMeasures(json, measures);
        bool grouped = GroupSchema.Offered(element, access, taken);
        if (grouped)
        {
            string groupType = GroupSchema.GroupTypeName(element);
            WriteNumbersField(json, "groups", "list", $"List<{groupType}>", groupType, isNullable: false, "The kept elements split by the values of the fields in by, in the order of those values.");
            json.WriteString("measure", "groups");
            json.WriteStartArray("arguments");
            json.WriteStringValue("by");
            json.WriteEndArray();
            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteEndObject();
        if (grouped)
        {
            WriteGroupTypes(json, element, access, measures);
        }

        foreach (var measure in measures)
        {
            json.WriteStartObject();
            json.WriteString("name", measure.TypeName);
            json.WriteString("description", AggregateSchema.MeasureDescription(measure.Kind, $"each field of {element.Name} it can measure") + "; a field is null when no kept element has a value.");
            json.WriteStartArray("fields");
            foreach (var field in measure.Fields)
            {
                // As MeasureValues writes it: min and max the field's own type, a sum or mean of decimals a decimal, else a double.
                string type = !MeasureRules.IsNumericOnly(measure.Kind) ? field.TypeName.TrimEnd('?') + "?"
                    : (Nullable.GetUnderlyingType(field.ValueType!) ?? field.ValueType) == typeof(decimal) ? "decimal?"
                    : "double?";
                WriteNumbersField(json, field.WireName, "scalar", type, null, isNullable: true, AggregateSchema.MeasureDescription(measure.Kind, field.WireName) + ".");
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }
    }

    /// <summary>An aggregate's or a group's <c>count</c> and measure objects.</summary>
    private static void WriteCountAndMeasures(Utf8JsonWriter json, DeclaredMeasure[] measures, string countDescription = "How many elements the aggregate's where keeps.")
    {
        WriteNumbersField(json, "count", "scalar", "long", null, isNullable: false, countDescription, isDefault: true);
        json.WriteEndObject();
        foreach (var measure in measures)
        {
            // Never written by a wildcard or by default: "measure" tells a client generator so, as "aggregates" does.
            WriteNumbersField(json, measure.Name, "object", measure.TypeName, measure.TypeName, isNullable: false, AggregateSchema.MeasureDescription(measure.Kind, "each field it selects") + ".");
            json.WriteString("measure", measure.Name);
            json.WriteEndObject();
        }
    }

    /// <summary>The group type (its key, count and measures) and the key type (the fields the caller may group by).</summary>
    private static void WriteGroupTypes(Utf8JsonWriter json, TypeMetadata element, FieldAccess access, DeclaredMeasure[] measures)
    {
        string keyType = GroupSchema.KeyTypeName(element);
        json.WriteStartObject();
        json.WriteString("name", GroupSchema.GroupTypeName(element));
        json.WriteString("description", $"One group of a list of {element.Name}: its key, and numbers over its elements.");
        json.WriteStartArray("fields");
        WriteNumbersField(json, "key", "object", keyType, keyType, isNullable: false, "The values of the fields the groups are formed by.", isDefault: true);
        json.WriteEndObject();
        WriteCountAndMeasures(json, measures, GroupSchema.CountDescription);
        json.WriteEndArray();
        json.WriteEndObject();

        json.WriteStartObject();
        json.WriteString("name", keyType);
        json.WriteString("description", $"The values a group of {element.Name} is formed by; only the fields named in by may be selected.");
        json.WriteStartArray("fields");
        foreach (var field in GroupSchema.Fields(element, access))
        {
            WriteNumbersField(json, field.WireName, "scalar", field.TypeName.TrimEnd('?') + "?", null, isNullable: true, $"The group's {field.WireName}.", isDefault: true);
            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteEndObject();
    }

    /// <summary>Starts the object of one aggregate or measure field with the keys every field has; the caller ends it.</summary>
    private static void WriteNumbersField(Utf8JsonWriter json, string name, string kind, string type, string? elementType, bool isNullable, string description, bool isDefault = false)
    {
        json.WriteStartObject();
        json.WriteString("name", name);
        json.WriteString("kind", kind);
        json.WriteString("type", type);
        json.WriteString("elementType", elementType);
        json.WriteBoolean("isDefault", isDefault);
        json.WriteBoolean("isAlways", false);
        json.WriteBoolean("isNullable", isNullable);
        json.WriteBoolean("isSortable", false);
        json.WriteBoolean("isFilterable", false);
        json.WriteNull("subPropertyDefault");
        json.WriteString("description", description);
    }
}

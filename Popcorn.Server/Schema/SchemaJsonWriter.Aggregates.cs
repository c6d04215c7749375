using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

// Aggregates in /popcorn/schema: `xAggregate` is described right after its list as an object field of type
// `XAggregate`, and that type with its `count`, so the playground completes `ordersAggregate[count]` and a client
// generator types it like any nested object (docs/data.md, "Aggregates").
internal static partial class SchemaJsonWriter
{
    private static void WriteAggregateField(Utf8JsonWriter json, FieldMetadata list)
    {
        string typeName = list.ElementType!.Name + ListAggregate.TypeSuffix;
        json.WriteStartObject();
        json.WriteString("name", list.WireName + ListAggregate.FieldSuffix);
        json.WriteString("kind", "object");
        json.WriteString("type", typeName);
        json.WriteString("elementType", typeName);
        json.WriteBoolean("isDefault", false);
        json.WriteBoolean("isAlways", false);
        json.WriteBoolean("isNullable", false);
        json.WriteBoolean("isSortable", false);
        json.WriteBoolean("isFilterable", false);
        json.WriteString("aggregates", list.WireName);
        json.WriteStartArray("arguments");
        json.WriteStringValue("where");
        json.WriteEndArray();
        json.WriteNull("subPropertyDefault");
        json.WriteString("description", $"Numbers over every element of {list.WireName} that where keeps (not a page).");
        json.WriteEndObject();
    }

    private static void WriteAggregateType(Utf8JsonWriter json, TypeMetadata element)
    {
        json.WriteStartObject();
        json.WriteString("name", element.Name + ListAggregate.TypeSuffix);
        json.WriteString("description", $"Numbers over a list of {element.Name}.");
        json.WriteStartArray("fields");
        json.WriteStartObject();
        json.WriteString("name", "count");
        json.WriteString("kind", "scalar");
        json.WriteString("type", "long");
        json.WriteNull("elementType");
        json.WriteBoolean("isDefault", true);
        json.WriteBoolean("isAlways", false);
        json.WriteBoolean("isNullable", false);
        json.WriteBoolean("isSortable", false);
        json.WriteBoolean("isFilterable", false);
        json.WriteNull("subPropertyDefault");
        json.WriteString("description", "How many elements the aggregate's where keeps.");
        json.WriteEndObject();
        json.WriteEndArray();
        json.WriteEndObject();
    }
}

using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes <c>GET /popcorn/schema</c>: every model type (fields with wire names, kinds, types, Default/Always marks and
/// descriptions), every REST resource and every gateway root field (its resolver's <c>arguments</c> and, apart, the
/// <c>listArguments</c> Popcorn applies, typed as in the SDL; the <c>connection</c> beside a list that has one), and the
/// names a client sends selections under (query parameter, header, gateway path), which the playground reads instead of
/// assuming the defaults. <c>[Never]</c> fields are left out. Built from the generated metadata, the single description
/// of the models.
/// </summary>
internal static partial class SchemaJsonWriter
{
    public static void Write(Utf8JsonWriter json, IEnumerable<TypeMetadata> types, IEnumerable<ResourceDescription> resources, PopcornGateway gateway, PopcornRegistry registry, FieldAccess access, string? figuresPath = null, IReadOnlyList<UpstreamSchemaStatus>? upstreams = null)
    {
        json.WriteStartObject();
        json.WriteString("queryParameterName", registry.Options.QueryParameterName);
        json.WriteString("headerName", registry.Options.HeaderName);
        json.WriteString("gatewayPath", gateway.Path);
        json.WriteString("figuresPath", figuresPath);

        // What a gateway in front of this service must stay within when it batches a join's keys into one 'in' list.
        json.WriteStartObject("limits");
        json.WriteNumber("maxFilterInValues", registry.Options.MaxFilterInValues);
        json.WriteNumber("maxSelectionLength", registry.Options.Limits.MaxLength);
        json.WriteEndObject();
        json.WriteStartArray("types");
        var described = types.ToList();
        var taken = described.Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        var aggregated = new List<TypeMetadata>();
        var scalars = new OutputScalars(registry, gateway.Inputs); // says which lists' elements the gateway types non-null
        foreach (var type in described)
        {
            WriteType(json, type, access, taken, aggregated, scalars);
        }

        foreach (var element in aggregated.Distinct())
        {
            WriteAggregateTypes(json, element, access, taken);
        }

        json.WriteEndArray();
        json.WriteStartArray("resources");
        foreach (var resource in resources)
        {
            json.WriteStartObject();
            json.WriteString("name", resource.Name);
            json.WriteString("method", resource.Method);
            json.WriteString("path", resource.Path);
            json.WriteString("type", resource.Shape.Metadata.Name);
            json.WriteBoolean("isList", resource.Shape.IsSequence);
            WriteArguments(json, "parameters", resource.Parameters);
            json.WriteEndObject();
        }

        json.WriteEndArray();
        json.WriteStartArray("rootFields");
        var current = gateway.Current;
        foreach (var field in current.Fields)
        {
            var shape = registry.ShapeOf(field);
            json.WriteStartObject();
            json.WriteString("name", field.Name);
            json.WriteString("type", shape?.Metadata.Name);
            json.WriteBoolean("isList", shape?.IsSequence ?? false);
            json.WriteString("description", field.Description);
            WriteArguments(json, "arguments", field.Arguments);
            WriteListArguments(json, ArgumentInputTypes.RootListArguments(field, shape, access));
            if (ConnectionFields.Offered(registry, current, field, access) is not null)
            {
                // A gateway in front pages this list through it: its endCursor is the after of the gateway's Link: rel="next".
                json.WriteString("connection", field.Name + ConnectionFields.FieldSuffix);
            }

            json.WriteEndObject();
        }

        json.WriteEndArray();
        if (upstreams is { Count: > 0 })
        {
            UpstreamSchemaStatusWriter.Write(json, upstreams);
        }

        json.WriteEndObject();
    }

    private static void WriteType(Utf8JsonWriter json, TypeMetadata type, FieldAccess access, ISet<string> taken, List<TypeMetadata> aggregated, OutputScalars scalars)
    {
        json.WriteStartObject();
        json.WriteString("name", type.Name);
        json.WriteString("description", type.Description);
        json.WriteStartArray("fields");
        foreach (var field in type.SelectableFields)
        {
            if (!access.Allows(field))
            {
                continue; // the caller may not see it: described as if it did not exist, like [Never]
            }

            json.WriteStartObject();
            json.WriteString("name", field.WireName);
            json.WriteString("kind", KindName(field.Kind));
            json.WriteString("type", field.TypeName);
            json.WriteString("elementType", field.ElementType?.Name);
            if (field.Kind == FieldKind.List)
            {
                // What this app's /graphql promises of the list's elements (its SDL's [T!]), so a gateway in front of it
                // can promise the same, and check it.
                json.WriteBoolean("elementsNonNull", scalars.ElementsNeverNull(field));
            }

            json.WriteBoolean("isDefault", field.IsDefault);
            json.WriteBoolean("isAlways", field.IsAlways);
            json.WriteBoolean("isNullable", field.IsNullable);
            json.WriteBoolean("isSortable", field.IsSortable);
            json.WriteBoolean("isFilterable", field.IsFilterable);
            if (field.AcceptsCollectionArguments)
            {
                // The arguments the list takes (docs/data.md); what it can be sorted and filtered by is its element type's isSortable/isFilterable.
                json.WriteStartArray("arguments");
                foreach (string argument in PlanCompiler.CollectionArgumentNames.Where(a => (field.Flags & FieldFlags.NoCursor) == 0 || a != "after"))
                {
                    json.WriteStringValue(argument);
                }

                json.WriteEndArray();
            }

            json.WriteString("subPropertyDefault", field.SubPropertyDefaultText);
            json.WriteString("description", field.Description);
            if (field.DeprecationReason is not null)
            {
                json.WriteString("deprecationReason", field.DeprecationReason);
            }

            json.WriteEndObject();
            if (AggregateSchema.Offered(type, field, taken))
            {
                WriteAggregateField(json, field);
                aggregated.Add(field.ElementType!);
            }
        }

        json.WriteEndArray();
        WritePolymorphism(json, type);
        json.WriteEndObject();
    }

    private static void WriteArguments(Utf8JsonWriter json, string name, IEnumerable<GatewayArgument> arguments)
    {
        json.WriteStartArray(name);
        foreach (var argument in arguments)
        {
            json.WriteStartObject();
            json.WriteString("name", argument.Name);
            json.WriteString("type", argument.GraphQLType);
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }

    /// <summary>
    /// A root field's <c>listArguments</c>: those Popcorn applies (docs/clients.md, "Root fields and their arguments"),
    /// apart from <c>arguments</c>, which its resolver binds and which a gateway forwards to the service that declares them.
    /// </summary>
    private static void WriteListArguments(Utf8JsonWriter json, IEnumerable<SchemaInputValue> arguments)
    {
        json.WriteStartArray("listArguments");
        foreach (var argument in arguments)
        {
            json.WriteStartObject();
            json.WriteString("name", argument.Name);
            json.WriteString("type", argument.Type.ToString());
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }

    private static string KindName(FieldKind kind) => kind switch
    {
        FieldKind.Object => "object",
        FieldKind.List => "list",
        FieldKind.Map => "map",
        _ => "scalar",
    };
}

using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Reads a Popcorn service's <c>/popcorn/schema</c> into metadata the gateway compiles plans against: its types (with
/// <see cref="PopcornUpstreamOptions.Prefix"/> before their names) and its gateway root fields with their arguments. Runs
/// at startup and when the schema is read again (<c>SchemaCheckInterval</c>), never per request, so a
/// <see cref="JsonDocument"/> is fine here.
/// </summary>
internal static class UpstreamSchemaReader
{
    /// <exception cref="UnreadableDescriptionException">The document is not a Popcorn schema, or names a type it does not describe.</exception>
    public static UpstreamSchema Read(string service, ReadOnlyMemory<byte> json, string? prefix)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            var root = document.RootElement;
            var typesJson = root.GetProperty("types").EnumerateArray().ToArray();
            var types = new Dictionary<string, TypeMetadata>(StringComparer.Ordinal);
            foreach (var type in typesJson)
            {
                string name = type.GetProperty("name").GetString()!;
                types.Add(name, new TypeMetadata(prefix + name, description: OptionalString(type, "description")));
            }

            var writers = new List<UpstreamTypeWriter>();
            var pending = new Dictionary<TypeMetadata, List<FieldMetadata>>(ReferenceEqualityComparer.Instance);
            foreach (var type in typesJson)
            {
                var metadata = types[type.GetProperty("name").GetString()!];
                var fields = new List<FieldMetadata>();
                var scalars = new List<UpstreamScalar>();
                foreach (var field in type.GetProperty("fields").EnumerateArray())
                {
                    fields.Add(Field(field, types, metadata.Name));
                    scalars.Add(UpstreamScalars.Of(field.GetProperty("type").GetString()!));
                }

                pending.Add(metadata, fields);
                writers.Add(new UpstreamTypeWriter(metadata, scalars.ToArray()));
            }

            var byName = writers.ToDictionary(w => w.Metadata.Name, StringComparer.Ordinal);
            var rootFields = new List<UpstreamRootFieldSpec>();
            foreach (var field in root.GetProperty("rootFields").EnumerateArray())
            {
                if (OptionalString(field, "type") is not { } typeName)
                {
                    continue; // a root field whose value no context models: nothing the gateway could select on
                }

                var arguments = field.TryGetProperty("arguments", out var args)
                    ? args.EnumerateArray().Select(a => (a.GetProperty("name").GetString()!, a.GetProperty("type").GetString()!)).ToArray()
                    : [];
                string name = field.GetProperty("name").GetString()!;
                rootFields.Add(new UpstreamRootFieldSpec(
                    service,
                    name,
                    prefix is null ? name : char.ToLowerInvariant(prefix[0]) + prefix[1..] + char.ToUpperInvariant(name[0]) + name[1..],
                    OptionalString(field, "description"),
                    byName[prefix + typeName],
                    field.GetProperty("isList").GetBoolean(),
                    arguments)
                {
                    Connection = OptionalString(field, "connection"),
                });
            }

            return new UpstreamSchema(writers, rootFields, pending, Limits(root));
        }
        catch (Exception e) when (e is JsonException or KeyNotFoundException or InvalidOperationException or ArgumentException)
        {
            throw new UnreadableDescriptionException($"The schema of upstream '{service}' cannot be read as a Popcorn schema: {e.Message}", e);
        }
    }

    private static UpstreamLimits Limits(JsonElement root)
    {
        var limits = UpstreamLimits.Defaults;
        if (root.TryGetProperty("limits", out var stated) && stated.ValueKind == JsonValueKind.Object)
        {
            if (stated.TryGetProperty("maxFilterInValues", out var inValues) && inValues.TryGetInt32(out int values) && values > 0)
            {
                limits = limits with { MaxFilterInValues = values };
            }

            if (stated.TryGetProperty("maxSelectionLength", out var length) && length.TryGetInt32(out int characters) && characters > 0)
            {
                limits = limits with { MaxSelectionLength = characters };
            }
        }

        return limits;
    }

    private static FieldMetadata Field(JsonElement field, Dictionary<string, TypeMetadata> types, string typeName)
    {
        string name = field.GetProperty("name").GetString()!;
        string declared = field.GetProperty("type").GetString()!;
        var kind = field.GetProperty("kind").GetString() switch
        {
            "object" => FieldKind.Object,
            "list" => FieldKind.List,
            "map" => FieldKind.Map,
            _ => FieldKind.Scalar,
        };
        TypeMetadata? element = null;
        if (OptionalString(field, "elementType") is { } elementName && !types.TryGetValue(elementName, out element))
        {
            throw new InvalidOperationException($"Field '{typeName}.{name}' is of type '{elementName}', which the schema does not describe.");
        }

        var flags = FieldFlags.None;
        flags |= Flag(field, "isDefault", FieldFlags.Default) | Flag(field, "isAlways", FieldFlags.Always) | Flag(field, "elementsNonNull", FieldFlags.NonNullElements);
        Type? valueType = null;
        Func<object, object?>? getter = null;
        var arranging = Flag(field, "isSortable", FieldFlags.Sortable) | Flag(field, "isFilterable", FieldFlags.Filterable);
        if (arranging != FieldFlags.None && UpstreamScalars.ClrType(declared) is { } clr)
        {
            // The gateway checks sort and filter arguments against these types and forwards them; the service applies
            // them, so the getter is never called.
            flags |= arranging;
            valueType = clr;
            getter = static _ => throw new NotSupportedException("An upstream's lists are filtered and sorted by the upstream.");
        }

        return new FieldMetadata(
            name,
            kind,
            declared,
            flags,
            element,
            OptionalString(field, "subPropertyDefault"),
            OptionalString(field, "description"),
            field.TryGetProperty("isNullable", out var nullable) && nullable.GetBoolean(),
            deprecationReason: OptionalString(field, "deprecationReason"),
            valueType: valueType,
            getter: getter);
    }

    private static FieldFlags Flag(JsonElement field, string property, FieldFlags flag) =>
        field.TryGetProperty(property, out var value) && value.ValueKind == JsonValueKind.True ? flag : FieldFlags.None;

    private static string? OptionalString(JsonElement element, string property) =>
        element.TryGetProperty(property, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;
}

/// <summary>
/// What one upstream service's schema gave the gateway: its types and its root fields, and the limits it states. Its
/// types' fields are <see cref="PendingFields"/> until <see cref="Complete"/>: joins declared on the gateway add fields
/// to them first (metadata is initialized once).
/// </summary>
internal sealed record UpstreamSchema(
    IReadOnlyList<UpstreamTypeWriter> Types,
    IReadOnlyList<UpstreamRootFieldSpec> RootFields,
    IReadOnlyDictionary<TypeMetadata, List<FieldMetadata>> PendingFields,
    UpstreamLimits Limits)
{
    /// <summary>True for a plain JSON service's schema, read from its OpenAPI document: joins neither start nor end at its types yet.</summary>
    public bool IsOpenApi { get; init; }

    /// <summary>Initializes every type's metadata with its fields, joins included; once, before the types are used.</summary>
    public void Complete()
    {
        foreach (var (type, fields) in PendingFields)
        {
            type.Initialize(fields);
        }
    }
}

/// <summary>
/// A root field of an upstream service as the gateway serves it: <paramref name="Name"/> in the gateway's schema (the
/// service's own name with its prefix), answered by the service's root field <paramref name="UpstreamName"/>.
/// </summary>
internal sealed record UpstreamRootFieldSpec(
    string Service,
    string UpstreamName,
    string Name,
    string? Description,
    UpstreamTypeWriter Type,
    bool IsList,
    IReadOnlyList<(string Name, string Type)> Arguments)
{
    /// <summary>For a plain JSON service's operation: how it is called (path and query from the arguments); null for a Popcorn service's field.</summary>
    public OpenApiRequest? Request { get; init; }

    /// <summary>
    /// The service's Relay connection beside this list (its own name, <c>ordersConnection</c>), which a REST resource's
    /// page is fetched through to learn its next page's cursor; null when the service offers none (docs/gateway.md).
    /// </summary>
    public string? Connection { get; init; }
}

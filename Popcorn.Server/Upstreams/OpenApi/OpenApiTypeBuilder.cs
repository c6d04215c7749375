using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Turns the object schemas an OpenAPI document's GET responses use into upstream types (docs/gateway.md, "Services
/// without Popcorn"): a <c>$ref</c> to <c>#/components/schemas/X</c> is the type <c>X</c> (with the prefix), read once
/// however often it is named, cycles included; an inline object is named after where it appears. Anything the gateway
/// cannot type is refused with <see cref="OpenApiRefusal"/>, naming where in the document it is.
/// </summary>
internal sealed class OpenApiTypeBuilder(string? prefix)
{
    private readonly Dictionary<string, TypeMetadata> _types = new(StringComparer.Ordinal);
    private readonly Dictionary<TypeMetadata, List<FieldMetadata>> _pending = new(ReferenceEqualityComparer.Instance);
    private readonly List<UpstreamTypeWriter> _writers = new();

    public IReadOnlyList<UpstreamTypeWriter> Writers => _writers;

    public IReadOnlyDictionary<TypeMetadata, List<FieldMetadata>> PendingFields => _pending;

    /// <summary>The type of object schema <paramref name="schema"/>, named <paramref name="inlineName"/> when it is not a <c>$ref</c>.</summary>
    /// <exception cref="OpenApiRefusal">The schema is not an object the gateway can type.</exception>
    public TypeMetadata TypeOf(IOpenApiSchema schema, string inlineName, string at)
    {
        var (resolved, _) = OpenApiSchemas.Unwrap(schema, at);
        string name = prefix + (OpenApiSchemas.ReferenceId(resolved) is { } id ? OpenApiNames.TypeName(id, at) : inlineName);
        if (_types.TryGetValue(name, out var known))
        {
            return known;
        }

        if (OpenApiSchemas.KindOf(resolved, at) != JsonSchemaType.Object)
        {
            throw new OpenApiRefusal($"{at} is not an object (a root field or a field with a selection must be an object or a list of objects).");
        }

        if (resolved.Properties is not { Count: > 0 } properties)
        {
            throw new OpenApiRefusal($"{at} is an object without properties (a free-form object or a map), which the gateway cannot select from.");
        }

        var type = new TypeMetadata(name, description: resolved.Description);
        _types.Add(name, type);
        var fields = new List<FieldMetadata>();
        var scalars = new List<UpstreamScalar>();
        _pending.Add(type, fields);
        foreach (var (propertyName, property) in properties)
        {
            string where = $"{at}.{propertyName}";
            if (!SelectionParser.IsValidFieldName(propertyName))
            {
                throw new OpenApiRefusal($"{where}: '{propertyName}' is not a GraphQL name (letters, digits, '_', not starting with a digit or '__'), so the gateway cannot serve it as a field.");
            }

            bool required = resolved.Required?.Contains(propertyName) == true;
            var (field, scalar) = Field(type.Name, propertyName, property, required, where);
            fields.Add(field);
            scalars.Add(scalar);
        }

        _writers.Add(new UpstreamTypeWriter(type, scalars.ToArray()));
        return type;
    }

    private (FieldMetadata Field, UpstreamScalar Scalar) Field(string typeName, string name, IOpenApiSchema schema, bool required, string at)
    {
        var (resolved, nullable) = OpenApiSchemas.Unwrap(schema, at);

        // A field is non-null only when the document promises it: listed in `required` and not nullable.
        bool isNullable = nullable || !required;
        string? description = schema.Description ?? resolved.Description;
        string? deprecated = resolved.Deprecated || schema.Deprecated ? "Deprecated by the service's OpenAPI document." : null;
        var kind = OpenApiSchemas.KindOf(resolved, at);
        if (kind == JsonSchemaType.Object)
        {
            var element = TypeOf(resolved, typeName + OpenApiNames.Pascal(name), at);
            return (new FieldMetadata(name, FieldKind.Object, element.Name, elementType: element, description: description, isNullable: isNullable, deprecationReason: deprecated), UpstreamScalar.Any);
        }

        if (kind == JsonSchemaType.Array)
        {
            var items = resolved.Items ?? throw new OpenApiRefusal($"{at} is an array without 'items'.");
            var (item, _) = OpenApiSchemas.Unwrap(items, at + "[]");
            var itemKind = OpenApiSchemas.KindOf(item, at + "[]");
            if (itemKind == JsonSchemaType.Object)
            {
                var element = TypeOf(item, typeName + OpenApiNames.Pascal(name), at + "[]");
                return (new FieldMetadata(name, FieldKind.List, $"List<{element.Name}>", elementType: element, description: description, isNullable: isNullable, deprecationReason: deprecated), UpstreamScalar.Any);
            }

            if (itemKind == JsonSchemaType.Array)
            {
                throw new OpenApiRefusal($"{at} is an array of arrays, which the gateway does not serve yet.");
            }

            string elementType = OpenApiSchemas.ScalarTypeName(item, itemKind);
            return (new FieldMetadata(name, FieldKind.List, $"List<{elementType}>", description: description, isNullable: isNullable, deprecationReason: deprecated), UpstreamScalars.Of(elementType));
        }

        string scalarType = OpenApiSchemas.ScalarTypeName(resolved, kind);
        return (new FieldMetadata(name, FieldKind.Scalar, scalarType, description: description, isNullable: isNullable, deprecationReason: deprecated), UpstreamScalars.Of(scalarType));
    }
}

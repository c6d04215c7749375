using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Reads what one JSON Schema of an OpenAPI document says about a value: through <c>$ref</c>s and the wrappers
/// generators put around a nullable reference (<c>allOf: [$ref]</c> in 3.0, <c>oneOf: [{type: null}, $ref]</c> in 3.1),
/// its one JSON type, and the C# type name the gateway's metadata gives its scalars.
/// </summary>
internal static class OpenApiSchemas
{
    private const JsonSchemaType Types = JsonSchemaType.Boolean | JsonSchemaType.Integer | JsonSchemaType.Number | JsonSchemaType.String | JsonSchemaType.Object | JsonSchemaType.Array;

    /// <summary>The schema that says what the value is, and whether null is allowed on the way to it.</summary>
    /// <exception cref="OpenApiRefusal">A <c>$ref</c> the document does not define, or a union of several types.</exception>
    public static (IOpenApiSchema Schema, bool Nullable) Unwrap(IOpenApiSchema schema, string at)
    {
        bool nullable = false;
        for (int depth = 0; depth < 16; depth++)
        {
            if (schema is OpenApiSchemaReference reference && reference.Target is null)
            {
                throw new OpenApiRefusal($"{at} refers to '{reference.Reference.ReferenceV3 ?? reference.Reference.Id}', which the document does not define.");
            }

            nullable |= schema.Type is { } type && (type & JsonSchemaType.Null) != 0;
            var union = schema.OneOf is { Count: > 0 } oneOf ? oneOf : schema.AnyOf is { Count: > 0 } anyOf ? anyOf : null;
            if (union is not null)
            {
                var others = union.Where(s => s.Type != JsonSchemaType.Null).ToArray();
                nullable |= others.Length < union.Count;
                if (others.Length != 1)
                {
                    throw new OpenApiRefusal($"{at} is one of several schemas (oneOf/anyOf), which the gateway does not serve yet.");
                }

                schema = others[0];
                continue;
            }

            if (schema.AllOf is { Count: > 0 } allOf && schema.Properties is not { Count: > 0 } && schema.Type is null or JsonSchemaType.Null)
            {
                if (allOf.Count != 1)
                {
                    throw new OpenApiRefusal($"{at} combines several schemas (allOf), which the gateway does not serve yet.");
                }

                schema = allOf[0];
                continue;
            }

            return (schema, nullable);
        }

        throw new OpenApiRefusal($"{at} nests more than 16 wrappers (oneOf, anyOf, allOf).");
    }

    /// <summary>The component name a <c>$ref</c> names (<c>Shipment</c> of <c>#/components/schemas/Shipment</c>); null for an inline schema.</summary>
    public static string? ReferenceId(IOpenApiSchema schema) => schema is OpenApiSchemaReference reference ? reference.Reference.Id : null;

    /// <summary>The one JSON type a schema allows besides null; an untyped schema with properties is an object.</summary>
    /// <exception cref="OpenApiRefusal">No type, or several.</exception>
    public static JsonSchemaType KindOf(IOpenApiSchema schema, string at)
    {
        var type = (schema.Type ?? 0) & Types;
        if (type == 0 && schema.Properties is { Count: > 0 })
        {
            return JsonSchemaType.Object;
        }

        if (type == 0)
        {
            throw new OpenApiRefusal($"{at} declares no type, so the gateway cannot check its values.");
        }

        // ASP.NET Core's web defaults read numbers from strings too, and its document says so: `type: [integer, string]`
        // with a digits-only `pattern`. The service writes numbers, so the gateway checks for a number.
        if (type is (JsonSchemaType.Integer | JsonSchemaType.String) or (JsonSchemaType.Number | JsonSchemaType.String) && schema.Pattern is not null)
        {
            return type & ~JsonSchemaType.String;
        }

        if ((type & (type - 1)) != 0)
        {
            throw new OpenApiRefusal($"{at} allows several types ({type}), which the gateway does not serve yet.");
        }

        return type;
    }

    /// <summary>The C# type name the gateway's metadata gives a scalar of <paramref name="kind"/> (its SDL scalar follows from it).</summary>
    public static string ScalarTypeName(IOpenApiSchema schema, JsonSchemaType kind) => kind switch
    {
        JsonSchemaType.Integer => schema.Format == "int32" ? "int" : "long",
        JsonSchemaType.Number => schema.Format == "float" ? "float" : "double",
        JsonSchemaType.Boolean => "bool",
        JsonSchemaType.String => schema.Format switch
        {
            "date-time" => "DateTimeOffset",
            "date" => "DateOnly",
            "uuid" => "Guid",
            _ => "string",
        },
        _ => throw new OpenApiRefusal($"a {kind} is not a scalar."),
    };

    /// <summary>
    /// The GraphQL type of a path or query parameter's value (<c>Int</c>, <c>Float</c>, <c>Boolean</c>, <c>String</c>),
    /// or of a list of them (<c>[Int!]</c>); null for anything else.
    /// </summary>
    public static string? ArgumentType(IOpenApiSchema schema, string at)
    {
        var (resolved, _) = Unwrap(schema, at);
        var kind = KindOf(resolved, at);
        if (kind == JsonSchemaType.Array)
        {
            // A list of scalars in the query string (`?orderId=1&orderId=2`): a list argument, its elements non-null.
            return resolved.Items is { } items && ScalarType(items, at) is { } element ? $"[{element}!]" : null;
        }

        return ScalarType(resolved, at);
    }

    private static string? ScalarType(IOpenApiSchema schema, string at)
    {
        var (resolved, _) = Unwrap(schema, at);
        return KindOf(resolved, at) switch
        {
            JsonSchemaType.Integer => "Int",
            JsonSchemaType.Number => "Float",
            JsonSchemaType.Boolean => "Boolean",
            JsonSchemaType.String => "String",
            _ => null,
        };
    }
}

using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Documents what a REST resource of the gateway app that an upstream service answers (<c>MapPopcornUpstream</c>)
/// returns: its types have no CLR type for ASP.NET Core to describe, so their schemas are built from the metadata the
/// gateway read from the service (each type once, under its name in the gateway's schema), with no field required
/// (a response holds the fields its selection chose); and the 502, 503 and 504 problems a service's fault gives.
/// </summary>
internal static class UpstreamResponses
{
    public static void AddTo(OpenApiOperation operation, OpenApiDocument document, ResultShape shape)
    {
        var model = Schema(shape.Metadata, document);
        operation.Responses ??= new OpenApiResponses();
        operation.Responses["200"] = new OpenApiResponse
        {
            Description = shape.IsSequence ? $"The {shape.Metadata.Name} list, with the selected fields." : $"The {shape.Metadata.Name}, with the selected fields.",
            Content = new Dictionary<string, OpenApiMediaType>
            {
                ["application/json"] = new() { Schema = shape.IsSequence ? new OpenApiSchema { Type = JsonSchemaType.Array, Items = model } : model },
            },
        };
        foreach (var (status, why) in (ReadOnlySpan<(string, string)>)[
                     ("502", "The service answered with an error status, malformed JSON or a value that breaks its schema, or more than its MaxResponseBytes."),
                     ("503", "The service is down, or its circuit is open."),
                     ("504", "The service did not answer within its Timeout.")])
        {
            operation.Responses.TryAdd(status, new OpenApiResponse
            {
                Description = why,
                Content = new Dictionary<string, OpenApiMediaType> { ["application/problem+json"] = new() { Schema = new OpenApiSchema { Type = JsonSchemaType.Object } } },
            });
        }
    }

    /// <summary>A reference to <paramref name="type"/>'s schema, added to the document's components with the types it reaches on first use.</summary>
    private static OpenApiSchemaReference Schema(TypeMetadata type, OpenApiDocument document)
    {
        var schemas = ProblemResponse.Schemas(document);
        if (!schemas.ContainsKey(type.Name))
        {
            var properties = new Dictionary<string, IOpenApiSchema>();
            var schema = new OpenApiSchema { Type = JsonSchemaType.Object, Description = type.Description, Properties = properties };
            schemas[type.Name] = schema; // before its fields, so a type that reaches itself refers to itself
            foreach (var field in type.SelectableFields)
            {
                properties[field.WireName] = Field(field, document);
            }
        }

        return new OpenApiSchemaReference(type.Name, document);
    }

    private static IOpenApiSchema Field(FieldMetadata field, OpenApiDocument document)
    {
        IOpenApiSchema schema = field.Kind switch
        {
            FieldKind.Object => Schema(field.ElementType!, document),
            FieldKind.List => new OpenApiSchema { Type = JsonSchemaType.Array, Items = field.ElementType is { } element ? Schema(element, document) : Scalar(field.TypeName) },
            FieldKind.Map => new OpenApiSchema { Type = JsonSchemaType.Object, AdditionalProperties = field.ElementType is { } value ? Schema(value, document) : new OpenApiSchema() },
            _ => Scalar(field.TypeName),
        };
        if (!field.IsNullable)
        {
            return field.Description is null || schema is not OpenApiSchema own ? schema : Described(own, field.Description);
        }

        // A nullable reference is "anyOf: [ref, null]"; a nullable inline schema gains the null type.
        return schema is OpenApiSchema inline
            ? Described(Nullable(inline), field.Description)
            : new OpenApiSchema { AnyOf = new List<IOpenApiSchema> { schema, new OpenApiSchema { Type = JsonSchemaType.Null } }, Description = field.Description };
    }

    private static OpenApiSchema Scalar(string typeName) => UpstreamScalars.ClrType(UpstreamScalars.ElementName(typeName)) switch
    {
        { } t when t == typeof(int) || t == typeof(short) => new OpenApiSchema { Type = JsonSchemaType.Integer, Format = "int32" },
        { } t when t == typeof(long) => new OpenApiSchema { Type = JsonSchemaType.Integer, Format = "int64" },
        { } t when t == typeof(double) || t == typeof(float) || t == typeof(decimal) => new OpenApiSchema { Type = JsonSchemaType.Number },
        { } t when t == typeof(bool) => new OpenApiSchema { Type = JsonSchemaType.Boolean },
        { } t when t == typeof(DateTime) || t == typeof(DateTimeOffset) => new OpenApiSchema { Type = JsonSchemaType.String, Format = "date-time" },
        { } t when t == typeof(DateOnly) => new OpenApiSchema { Type = JsonSchemaType.String, Format = "date" },
        { } t when t == typeof(Guid) => new OpenApiSchema { Type = JsonSchemaType.String, Format = "uuid" },
        { } t when t == typeof(string) => new OpenApiSchema { Type = JsonSchemaType.String },
        _ => UpstreamScalars.TokenOf(UpstreamScalars.Of(typeName)) switch
        {
            UpstreamToken.Number => new OpenApiSchema { Type = JsonSchemaType.Number },
            UpstreamToken.String => new OpenApiSchema { Type = JsonSchemaType.String },
            UpstreamToken.Boolean => new OpenApiSchema { Type = JsonSchemaType.Boolean },
            _ => new OpenApiSchema(), // any JSON value
        },
    };

    private static OpenApiSchema Nullable(OpenApiSchema schema)
    {
        if (schema.Type is { } type)
        {
            schema.Type = type | JsonSchemaType.Null;
        }

        return schema;
    }

    private static OpenApiSchema Described(OpenApiSchema schema, string? description)
    {
        schema.Description ??= description;
        return schema;
    }
}

using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Describes an enum as Popcorn writes it. ASP.NET Core builds the schema from the app's HTTP JSON options, which may
/// write the enum as a number (no string converter there) while the Popcorn context that writes the models says
/// <c>UseStringEnumConverter</c>: the document then said <c>integer</c> for a value that is a string on the wire. When a
/// Popcorn context knows the enum, each value is written through that context's own metadata, and the schema lists what
/// was written (docs/openapi.md).
/// </summary>
internal sealed class EnumSchemaTransformer : IOpenApiSchemaTransformer
{
    public Task TransformAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken cancellationToken)
    {
        var type = context.JsonTypeInfo.Type;
        if (!type.IsEnum || WrittenValues(type, context.ApplicationServices) is not { } written)
        {
            return Task.CompletedTask;
        }

        var nullable = schema.Type is { } declared && declared.HasFlag(JsonSchemaType.Null);
        bool strings = written.All(static v => v.ValueKind == JsonValueKind.String);
        schema.Type = (strings ? JsonSchemaType.String : JsonSchemaType.Integer) | (nullable ? JsonSchemaType.Null : 0);
        schema.Format = null;
        schema.Enum = written.Select(static v => JsonNode.Parse(v.GetRawText())!).ToList();
        return Task.CompletedTask;
    }

    /// <summary>Each declared value of <paramref name="type"/> as the first Popcorn context that knows the enum writes it; null when none does.</summary>
    private static List<JsonElement>? WrittenValues(Type type, IServiceProvider services)
    {
        foreach (var popcornContext in services.GetRequiredService<IOptions<PopcornOptions>>().Value.Contexts)
        {
            if (popcornContext is JsonSerializerContext json && json.GetTypeInfo(type) is { } info)
            {
                return Enum.GetValuesAsUnderlyingType(type).Cast<object>()
                    .Select(value => JsonSerializer.SerializeToElement(Enum.ToObject(type, value), info))
                    .Distinct(JsonElementTextComparer.Instance)
                    .ToList();
            }
        }

        return null;
    }

    /// <summary>Flag enums can declare one value twice; it is listed once.</summary>
    private sealed class JsonElementTextComparer : IEqualityComparer<JsonElement>
    {
        public static readonly JsonElementTextComparer Instance = new();

        public bool Equals(JsonElement x, JsonElement y) => x.GetRawText() == y.GetRawText();

        public int GetHashCode(JsonElement obj) => obj.GetRawText().GetHashCode(StringComparison.Ordinal);
    }
}

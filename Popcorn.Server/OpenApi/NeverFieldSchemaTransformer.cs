using System.Reflection;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Removes <c>[Never]</c> members from the schema of every model type, wherever the schema is used (responses, request
/// bodies, nested properties, list elements): System.Text.Json still knows these members, so ASP.NET Core would
/// otherwise list the very names Popcorn hides from clients.
/// </summary>
internal sealed class NeverFieldSchemaTransformer : IOpenApiSchemaTransformer
{
    public Task TransformAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken cancellationToken)
    {
        if (schema.Properties is not { Count: > 0 } properties
            || OpenApiServices.Registry(context.ApplicationServices).FindWriter(context.JsonTypeInfo.Type)?.Metadata is not { } type)
        {
            return Task.CompletedTask;
        }

        foreach (string name in HiddenNames(type, context.JsonTypeInfo))
        {
            properties.Remove(name);
            schema.Required?.Remove(name);
        }

        return Task.CompletedTask;
    }

    /// <summary>
    /// The schema property names of the type's <c>[Never]</c> fields: their wire names, and the names the app's JSON
    /// options give the same C# members (matched by member name), in case those options name members differently.
    /// </summary>
    private static IEnumerable<string> HiddenNames(TypeMetadata type, JsonTypeInfo jsonType)
    {
        foreach (var field in type.Fields)
        {
            if (!field.IsNever)
            {
                continue;
            }

            // A hidden member whose wire name a visible one shares (a rename) must not take the visible one with it.
            if (type.FindField(field.WireName) is null)
            {
                yield return field.WireName;
            }

            if (field.MemberName is null)
            {
                continue;
            }

            foreach (var property in jsonType.Properties)
            {
                if (property.AttributeProvider is MemberInfo member && member.Name == field.MemberName && type.FindField(property.Name) is null)
                {
                    yield return property.Name;
                }
            }
        }
    }
}

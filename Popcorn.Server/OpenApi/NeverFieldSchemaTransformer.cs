using System.Reflection;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Removes <c>[Never]</c> members from the schema of every model type, wherever the schema is used (responses, request
/// bodies, nested properties, list elements): System.Text.Json still knows these members, so ASP.NET Core would
/// otherwise list the very names Popcorn hides from clients. Also removes the fields whose <c>[PopcornAuthorize]</c>
/// policy the caller requesting the document is refused; the caller is known only when the app registers
/// <see cref="IHttpContextAccessor"/> (<c>AddHttpContextAccessor()</c>), and without it every protected field is
/// removed, for everyone (docs/authorization.md).
/// </summary>
internal sealed class NeverFieldSchemaTransformer : IOpenApiSchemaTransformer
{
    public async Task TransformAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken cancellationToken)
    {
        if (schema.Properties is not { Count: > 0 } properties
            || OpenApiServices.Registry(context.ApplicationServices).FindWriter(context.JsonTypeInfo.Type)?.Metadata is not { } type)
        {
            return;
        }

        var access = await CallerAccessAsync(type, context.ApplicationServices);
        foreach (string name in HiddenNames(type, context.JsonTypeInfo, access))
        {
            properties.Remove(name);
            schema.Required?.Remove(name);
        }
    }

    /// <summary>What the caller requesting the document may see of the type's own protected fields; nothing of them when the caller is unknown.</summary>
    private static ValueTask<FieldAccess> CallerAccessAsync(TypeMetadata type, IServiceProvider services) =>
        CallerAccessAsync(type.SelectableFields.Select(f => f.Policy).OfType<string>(), services);

    /// <summary>
    /// What the caller requesting the document may see of fields under <paramref name="policies"/>: decided for the
    /// caller when the app registers <see cref="IHttpContextAccessor"/>, else nothing of them.
    /// </summary>
    internal static async ValueTask<FieldAccess> CallerAccessAsync(IEnumerable<string> policies, IServiceProvider services)
    {
        var distinct = policies.Distinct(StringComparer.Ordinal).ToArray();
        if (distinct.Length == 0)
        {
            return FieldAccess.Unrestricted;
        }

        return services.GetService<IHttpContextAccessor>()?.HttpContext is { } http
            ? await services.GetRequiredService<FieldAuthorization>().DecideAsync(http, distinct)
            : FieldAccess.Denying(distinct);
    }

    /// <summary>
    /// The schema property names of the type's <c>[Never]</c> fields: their wire names, and the names the app's JSON
    /// options give the same C# members (matched by member name), in case those options name members differently.
    /// </summary>
    private static IEnumerable<string> HiddenNames(TypeMetadata type, JsonTypeInfo jsonType, FieldAccess access)
    {
        foreach (var field in type.Fields)
        {
            if (!field.IsNever && access.Allows(field))
            {
                continue;
            }

            // A hidden member whose wire name a visible one shares (a rename) must not take the visible one with it.
            if (!IsVisible(type.FindField(field.WireName), access))
            {
                yield return field.WireName;
            }

            if (field.MemberName is null)
            {
                continue;
            }

            foreach (var property in jsonType.Properties)
            {
                if (property.AttributeProvider is MemberInfo member && member.Name == field.MemberName && !IsVisible(type.FindField(property.Name), access))
                {
                    yield return property.Name;
                }
            }
        }
    }

    private static bool IsVisible(FieldMetadata? field, FieldAccess access) => field is not null && access.Allows(field);
}

using Microsoft.AspNetCore.OpenApi;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Describes Popcorn in the OpenAPI document of <c>Microsoft.AspNetCore.OpenApi</c>.</summary>
public static class PopcornOpenApiOptionsExtensions
{
    /// <summary>
    /// Adds Popcorn's OpenAPI transformers: every Popcorn endpoint documents the selection query parameter and header
    /// (names from <see cref="PopcornOptions"/>) with the fields a client can select and their defaults, and its 400
    /// problem; <c>[Never]</c> members are removed from every schema, and each list's aggregate is added beside it; Popcorn's own endpoints get distinct operation
    /// ids, or are left out. Call it in <c>services.AddOpenApi(o =&gt; o.AddPopcorn())</c>, after setting
    /// <see cref="OpenApiOptions.ShouldInclude"/> if you set it (Popcorn keeps the rule it finds). Needs
    /// <c>services.AddPopcorn(...)</c>.
    /// </summary>
    /// <param name="options">The document's options.</param>
    /// <param name="configure">Sets <see cref="PopcornOpenApiOptions"/>.</param>
    /// <returns>The options, for chaining.</returns>
    public static OpenApiOptions AddPopcorn(this OpenApiOptions options, Action<PopcornOpenApiOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        var popcorn = new PopcornOpenApiOptions();
        configure?.Invoke(popcorn);
        if (!popcorn.IncludePopcornEndpoints)
        {
            var previous = options.ShouldInclude;
            options.ShouldInclude = description => !PopcornOwnEndpointTransformer.IsOwn(description.ActionDescriptor) && previous(description);
        }

        options.AddSchemaTransformer(new NeverFieldSchemaTransformer());
        options.AddSchemaTransformer(new AggregateSchemaTransformer());
        options.AddSchemaTransformer(new EnumSchemaTransformer());
        options.AddOperationTransformer(new SelectionOperationTransformer());
        options.AddOperationTransformer(new PopcornOwnEndpointTransformer());
        return options;
    }
}

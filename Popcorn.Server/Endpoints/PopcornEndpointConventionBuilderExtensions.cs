using Microsoft.AspNetCore.Http;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Opts Minimal API endpoints in to Popcorn.</summary>
public static class PopcornEndpointConventionBuilderExtensions
{
    /// <summary>
    /// Writes this endpoint's result with Popcorn: the selection from <c>?include=</c> or the <c>Popcorn-Include</c>
    /// header (either syntax) shapes the response; a bad selection gets a 400 problem before the handler runs.
    /// Handlers return their plain model (or a <c>Task</c>, <c>IEnumerable</c>, <c>IAsyncEnumerable</c>, <c>Ok&lt;T&gt;</c>,
    /// <c>Created&lt;T&gt;</c> of it); other results, such as <c>TypedResults.NotFound()</c>, pass through unchanged.
    /// </summary>
    /// <typeparam name="TBuilder">The endpoint builder.</typeparam>
    /// <param name="builder">The endpoint (or group) to opt in.</param>
    /// <returns>The builder, for chaining.</returns>
    public static TBuilder WithPopcorn<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.WithMetadata(new PopcornAttribute());
        builder.AddEndpointFilterFactory(PopcornEndpointFilter.Create);
        return builder;
    }
}

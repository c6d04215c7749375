using Microsoft.AspNetCore.Http;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Opts Minimal API endpoints in to Popcorn.</summary>
public static class PopcornEndpointConventionBuilderExtensions
{
    /// <summary>
    /// Writes this endpoint's result with Popcorn: the selection from <c>?include=</c> or the <c>Popcorn-Include</c>
    /// header (either syntax) shapes the response; a bad selection gets a 400 problem before the handler runs.
    /// Handlers return their plain model (or a <c>Task</c>, <c>IEnumerable</c>, <c>IAsyncEnumerable</c>, <c>IQueryable</c>,
    /// <c>Ok&lt;T&gt;</c>, <c>Created&lt;T&gt;</c> of it, or a query for one object: <c>AsPopcornSingle()</c>); other results,
    /// such as <c>TypedResults.NotFound()</c>, pass through unchanged.
    /// </summary>
    /// <typeparam name="TBuilder">The endpoint builder.</typeparam>
    /// <param name="builder">The endpoint (or group) to opt in.</param>
    /// <returns>The builder, for chaining.</returns>
    public static TBuilder WithPopcorn<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder
    {
        ArgumentNullException.ThrowIfNull(builder);
        return OptIn(builder, new PopcornAttribute());
    }

    /// <summary>
    /// As <see cref="WithPopcorn{TBuilder}(TBuilder)"/>, saying the model type the endpoint answers with, for handlers
    /// whose return type does not say it (<c>IResult</c>, <c>Results.Created(url, order)</c>): the selection is then
    /// checked against <typeparamref name="TModel"/> before the handler runs. Also fine on an endpoint of a group that
    /// already has <c>.WithPopcorn()</c>.
    /// </summary>
    /// <typeparam name="TModel">The model (or a sequence of models, e.g. <c>List&lt;Order&gt;</c>) the handler returns.</typeparam>
    /// <param name="builder">The endpoint to opt in.</param>
    /// <returns>The builder, for chaining.</returns>
    public static RouteHandlerBuilder WithPopcorn<TModel>(this RouteHandlerBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        return OptIn(builder, new PopcornAttribute(typeof(TModel)));
    }

    private static TBuilder OptIn<TBuilder>(TBuilder builder, PopcornAttribute attribute)
        where TBuilder : IEndpointConventionBuilder
    {
        builder.WithMetadata(attribute);
        builder.AddEndpointFilterFactory(PopcornEndpointFilter.Create);
        // Once every convention has run, so .CacheOutput() before or after this, on the endpoint or its group, is seen.
        builder.Finally(static endpoint =>
        {
            PopcornOutputCachePolicy.WrapEndpointPolicy(endpoint.Metadata);
            SingleResponseMetadata.Describe(endpoint.Metadata);
        });
        return builder;
    }

    /// <summary>
    /// Sets this endpoint's (or group's) limit on a selection's estimated cost, instead of
    /// <see cref="PopcornOptions.MaxSelectionCost"/>; see docs/errors.md, "Cost".
    /// </summary>
    /// <typeparam name="TBuilder">The endpoint builder.</typeparam>
    /// <param name="builder">The endpoint (or group).</param>
    /// <param name="maxCost">The largest estimated cost accepted; at least 1.</param>
    /// <returns>The builder, for chaining.</returns>
    public static TBuilder WithPopcornCostLimit<TBuilder>(this TBuilder builder, int maxCost)
        where TBuilder : IEndpointConventionBuilder
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.WithMetadata(new PopcornCostLimitAttribute(maxCost));
        return builder;
    }
}

using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// Where a gateway root field's value comes from: the app's resolver (<see cref="ResolverSource"/>, for a query's or a
/// mutation's field) or an upstream service (<see cref="IUpstreamSource"/>: a Popcorn service's root field or a plain
/// service's operation). The executor asks each step's source for its value; what comes back is opened for writing by
/// <see cref="RootSources"/>, as an endpoint's value is.
/// </summary>
internal interface IRootFieldSource
{
    /// <summary>
    /// True for a source read elsewhere (an upstream service: one HTTP call on its own connection): every such root of
    /// an operation starts at once, before the resolvers run one after another in the document's order.
    /// </summary>
    bool StartsAtOnce { get; }

    /// <summary>Reads the field's value for <paramref name="step"/> (its bound arguments, compiled plan and key).</summary>
    /// <exception cref="UpstreamUnavailableException">An upstream service gave nothing usable.</exception>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    ValueTask<object?> ReadAsync(HttpContext context, GatewayStep step);
}

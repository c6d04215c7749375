using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps REST resources of the gateway app that an upstream service answers (docs/gateway.md, "REST resources").</summary>
public static class PopcornUpstreamEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps <c>GET <paramref name="pattern"/></c> to the upstream root field <paramref name="rootField"/> (as the gateway's
    /// schema names it, e.g. <c>orders</c>): <c>GET /api/orders?include=(first: 10)[id,customer[name]]</c> is compiled with
    /// Popcorn's REST rules (defaults, <c>[Always]</c> fields, declaration order, root arguments) against the service's
    /// type, joins included, checked against the cost limit, and answered from the services with exactly the selection's
    /// parts sent to each. The field's own arguments are read from the route values and the query string by name
    /// (<c>/api/customers/{id}</c>). A selection that does not fit is a 400 problem with its position; a service that
    /// fails is a 502, 503 or 504 problem. Output caching (<c>.CacheOutput()</c>) keys it by the selection's meaning, and
    /// a successful answer carries an <c>ETag</c>, as for the app's own resources.
    /// </summary>
    /// <param name="endpoints">The app's endpoints; call <c>AddPopcornUpstreams</c> and map the gateway that serves the field's service.</param>
    /// <param name="pattern">The route, e.g. <c>/api/orders</c> or <c>/api/customers/{id}</c>.</param>
    /// <param name="rootField">The upstream root field, e.g. <c>orders</c>.</param>
    /// <returns>The endpoint's builder, for conventions (authorization, rate limiting, output caching, <c>.WithPopcornCostLimit(n)</c>).</returns>
    public static IEndpointConventionBuilder MapPopcornUpstream(this IEndpointRouteBuilder endpoints, string pattern, string rootField)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        ArgumentException.ThrowIfNullOrEmpty(rootField);
        if (endpoints.ServiceProvider.GetService<UpstreamCatalog>() is null)
        {
            throw new InvalidOperationException($"'{pattern}' is served by upstream root field '{rootField}': register the upstreams with services.AddPopcornUpstreams(builder.Configuration.GetSection(\"Popcorn:Upstreams\")).");
        }

        var gateway = endpoints.ServiceProvider.GetRequiredService<PopcornGateway>();
        gateway.AddUpstreamResource(rootField);
        var resource = new UpstreamResourceEndpoint(rootField, gateway);
        var builder = endpoints.MapGet(pattern, (HttpContext context, UpstreamResourceHandler handler) => handler.HandleAsync(context, resource))
            .WithMetadata(resource);

        // As .WithPopcorn() does: the endpoint's own output cache policy (which varies by every query parameter, the raw
        // selection included) runs inside Popcorn's, so two spellings of one selection share an entry.
        builder.Finally(static endpoint => PopcornOutputCachePolicy.WrapEndpointPolicy(endpoint.Metadata));
        return builder;
    }
}

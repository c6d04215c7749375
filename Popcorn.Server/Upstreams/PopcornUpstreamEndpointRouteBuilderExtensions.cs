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
    /// schema names it, e.g. <c>orders</c>): <c>GET /api/orders?include=[id,customer[name]]</c> is compiled with Popcorn's
    /// REST rules (defaults, <c>[Always]</c> fields, declaration order) against the service's type, joins included, and
    /// answered from the services with exactly the selection's parts sent to each. A selection that does not fit is a 400
    /// problem with its position; a service that fails is a 502, 503 or 504 problem. The root field must have no
    /// required argument, and is checked when the app starts.
    /// </summary>
    /// <param name="endpoints">The app's endpoints; call <c>AddPopcornUpstreams</c> and map the gateway that serves the field's service.</param>
    /// <param name="pattern">The route, e.g. <c>/api/orders</c>.</param>
    /// <param name="rootField">The upstream root field, e.g. <c>orders</c>.</param>
    /// <returns>The endpoint's builder, for conventions (authorization, rate limiting, …).</returns>
    public static IEndpointConventionBuilder MapPopcornUpstream(this IEndpointRouteBuilder endpoints, string pattern, string rootField)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        ArgumentException.ThrowIfNullOrEmpty(rootField);
        if (endpoints.ServiceProvider.GetService<UpstreamCatalog>() is null)
        {
            throw new InvalidOperationException($"'{pattern}' is served by upstream root field '{rootField}': register the upstreams with services.AddPopcornUpstreams(builder.Configuration.GetSection(\"Popcorn:Upstreams\")).");
        }

        endpoints.ServiceProvider.GetRequiredService<PopcornGateway>().AddUpstreamResource(rootField);
        return endpoints.MapGet(pattern, (HttpContext context, UpstreamResourceHandler handler) => handler.HandleAsync(context, rootField));
    }
}

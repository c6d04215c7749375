using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Popcorn.Server;

/// <summary>A REST endpoint opted in to Popcorn, as the schema describes it.</summary>
internal sealed partial record ResourceDescription(string Name, string Method, string Path, ResultShape Shape, IReadOnlyList<GatewayArgument> Parameters)
{
    /// <summary>Every Popcorn endpoint of the application whose result type a registered context models.</summary>
    public static IEnumerable<ResourceDescription> FindAll(EndpointDataSource endpoints, EndpointModels models)
    {
        foreach (var endpoint in endpoints.Endpoints.OfType<RouteEndpoint>())
        {
            if (endpoint.Metadata.GetMetadata<IPopcornEndpointMetadata>() is null)
            {
                continue;
            }

            var method = EndpointModels.HandlerMethod(endpoint.Metadata);
            if (method is null || models.ShapeOf(endpoint) is not { } shape)
            {
                continue;
            }

            string path = "/" + RouteConstraint().Replace(endpoint.RoutePattern.RawText ?? string.Empty, "{$1}").TrimStart('/');
            var routeNames = endpoint.RoutePattern.Parameters.Select(p => p.Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
            var parameters = method.GetParameters()
                .Where(p => p.Name is not null && routeNames.Contains(p.Name) && GatewayArgument.IsBindable(p.ParameterType))
                .Select(p => new GatewayArgument(p))
                .ToArray();
            string name = endpoint.Metadata.GetMetadata<IEndpointNameMetadata>()?.EndpointName ?? path;
            foreach (string verb in endpoint.Metadata.GetMetadata<IHttpMethodMetadata>()?.HttpMethods ?? ["GET"])
            {
                yield return new ResourceDescription(name, verb, path, shape, parameters);
            }
        }
    }

    /// <summary>Route constraints and defaults (<c>{id:int}</c>, <c>{id=1}</c>) are the server's business: clients see <c>{id}</c>.</summary>
    [GeneratedRegex(@"\{\*{0,2}([A-Za-z_][A-Za-z0-9_]*)[^}]*\}")]
    private static partial Regex RouteConstraint();
}

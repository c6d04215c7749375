using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Routing;

namespace Popcorn.Server;

/// <summary>A REST endpoint opted in to Popcorn, as the schema describes it.</summary>
internal sealed record ResourceDescription(string Name, string Method, string Path, ResultShape Shape, IReadOnlyList<GatewayArgument> Parameters)
{
    /// <summary>Every Popcorn endpoint of the application whose result type a registered context models.</summary>
    public static IEnumerable<ResourceDescription> FindAll(EndpointDataSource endpoints, PopcornRegistry registry)
    {
        foreach (var endpoint in endpoints.Endpoints.OfType<RouteEndpoint>())
        {
            if (endpoint.Metadata.GetMetadata<IPopcornEndpointMetadata>() is null)
            {
                continue;
            }

            var method = endpoint.Metadata.GetMetadata<MethodInfo>() ?? endpoint.Metadata.GetMetadata<ControllerActionDescriptor>()?.MethodInfo;
            if (method is null || registry.ShapeOf(method.ReturnType) is not { } shape)
            {
                continue;
            }

            string path = "/" + (endpoint.RoutePattern.RawText ?? string.Empty).TrimStart('/');
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
}

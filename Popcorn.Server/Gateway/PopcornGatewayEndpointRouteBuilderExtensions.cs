using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps Popcorn's <c>/graphql</c> gateway.</summary>
public static class PopcornGatewayEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps the GraphQL-over-HTTP gateway at <paramref name="pattern"/> (GET and POST) and its SDL at
    /// <c>{pattern}/schema.graphql</c>. Declare the root fields in <paramref name="configure"/>.
    /// </summary>
    /// <returns>A builder for conventions on both endpoints (auth, rate limiting, CORS).</returns>
    public static IEndpointConventionBuilder MapPopcornGateway(this IEndpointRouteBuilder endpoints, string pattern, Action<PopcornGatewayBuilder> configure)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        ArgumentNullException.ThrowIfNull(configure);
        var builder = new PopcornGatewayBuilder();
        configure(builder);
        var gateway = endpoints.ServiceProvider.GetRequiredService<PopcornGateway>();
        gateway.Add(builder.Fields);
        gateway.Path ??= pattern;
        var group = endpoints.MapGroup(pattern);
        group.MapMethods(string.Empty, [HttpMethods.Get, HttpMethods.Post], static (HttpContext context, GatewayRequestHandler handler) => handler.HandleAsync(context))
            .WithName("PopcornGateway")
            .WithMetadata(new PopcornOwnEndpointMetadata("PopcornGateway", "Runs a GraphQL query over the gateway's root fields."))
            .WithTags(PopcornOwnEndpointMetadata.Tag)
            .DisableAntiforgery();
        group.MapMethods(string.Empty, [HttpMethods.Put, HttpMethods.Patch, HttpMethods.Delete], static (HttpContext context, GatewayRequestHandler handler) => handler.RefuseMethodAsync(context))
            .ExcludeFromDescription()
            .DisableAntiforgery();
        group.MapGet("/schema.graphql", static async (HttpContext context, PopcornGateway gateway, FieldAuthorization authorization) =>
                Results.Text(SdlPrinter.Print(gateway.SchemaFor(await authorization.DecideAllAsync(context))), "text/plain; charset=utf-8"))
            .WithMetadata(new PopcornOwnEndpointMetadata("PopcornGatewaySdl", "The gateway's schema in GraphQL SDL."))
            .WithTags(PopcornOwnEndpointMetadata.Tag);
        return group;
    }
}

using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
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
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "The fields were declared through PopcornGatewayBuilder.Field and Mutation, which carry the reflection warning to the app.")]
    public static IEndpointConventionBuilder MapPopcornGateway(this IEndpointRouteBuilder endpoints, string pattern, Action<PopcornGatewayBuilder> configure)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        ArgumentNullException.ThrowIfNull(configure);
        var builder = new PopcornGatewayBuilder();
        configure(builder);
        var services = endpoints.ServiceProvider;
        var gateway = services.GetRequiredService<PopcornGateway>();
        gateway.Inputs ??= new GatewayInputTypes(InputSources(services), services.GetRequiredService<PopcornRegistry>());
        var isService = services.GetService<IServiceProviderIsService>();
        var fields = new List<GatewayField>();
        foreach (var declaration in builder.Declarations)
        {
            fields.Add(new GatewayField(declaration, gateway.Inputs, type => isService?.IsService(type) == true));
        }

        gateway.Add(fields);
        if (builder.Upstreams.Count > 0 || builder.Joins.Count > 0)
        {
            if (services.GetService<UpstreamCatalog>() is null)
            {
                throw new InvalidOperationException($"The gateway at '{pattern}' serves upstreams: register the upstreams with services.AddPopcornUpstreams(builder.Configuration.GetSection(\"Popcorn:Upstreams\")).");
            }

            gateway.AddUpstreams(builder.Upstreams);
            gateway.AddJoins(builder.Joins);
        }

        var registry = services.GetRequiredService<PopcornRegistry>();
        registry.AddGatewayPolicies(fields.Select(f => f.Policy).OfType<string>());
        registry.AddProtectedGatewayFieldNames(fields.Where(f => f.Policy is not null).Select(f => f.Name));
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

    /// <summary>
    /// Where input types are read from: the app's JSON options for request bodies (where a trimmed or AOT app puts its
    /// <c>JsonSerializerContext</c>), then each Popcorn context's own options.
    /// </summary>
    private static List<System.Text.Json.JsonSerializerOptions> InputSources(IServiceProvider services)
    {
        var sources = new List<System.Text.Json.JsonSerializerOptions>
        {
            services.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions,
        };
        foreach (var context in services.GetRequiredService<IOptions<PopcornOptions>>().Value.Contexts)
        {
            if (context is System.Text.Json.Serialization.JsonSerializerContext json)
            {
                sources.Add(json.Options);
            }
        }

        return sources;
    }
}

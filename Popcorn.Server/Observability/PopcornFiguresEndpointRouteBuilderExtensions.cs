using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the live figures of Popcorn's meter that the playground shows.</summary>
public static class PopcornFiguresEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps <c>GET {pattern}/figures</c>: running totals of the app's <c>Popcorn.Server</c> meter since it started
    /// (selections by syntax and transport, the plan cache's hit ratio, bytes written, persisted-query results,
    /// errors), as JSON, read by the playground (<c>/popcorn/schema</c> tells it the path as <c>figuresPath</c>). Only in the Development environment unless
    /// <see cref="PopcornFiguresOptions.EnableOutsideDevelopment"/> is set: elsewhere nothing is mapped and nothing
    /// listens to the meter.
    /// </summary>
    /// <returns>A builder for conventions on the endpoint, e.g. <c>.RequireAuthorization()</c>.</returns>
    public static IEndpointConventionBuilder MapPopcornFigures(this IEndpointRouteBuilder endpoints, string pattern = "/popcorn", Action<PopcornFiguresOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        var options = new PopcornFiguresOptions();
        configure?.Invoke(options);
        var group = endpoints.MapGroup(pattern);
        var services = endpoints.ServiceProvider;
        if (!options.EnableOutsideDevelopment && !services.GetRequiredService<IHostEnvironment>().IsDevelopment())
        {
            return group; // an empty group: nothing answers, and the listener is never created
        }

        // Started now, so the totals start with the app rather than with the first look at them.
        var figures = services.GetRequiredService<LiveFigures>();
        figures.Start(pattern.TrimEnd('/') + "/figures");
        group.MapGet("/figures", async (HttpContext context) =>
        {
            context.Response.ContentType = "application/json; charset=utf-8";
            context.Response.Headers.CacheControl = "no-store";
            await using var json = new Utf8JsonWriter(context.Response.BodyWriter);
            figures.Write(json);
        }).WithMetadata(new PopcornOwnEndpointMetadata("PopcornFigures", "Running totals of the Popcorn.Server meter, for the playground."))
            .WithTags(PopcornOwnEndpointMetadata.Tag);
        return group;
    }
}

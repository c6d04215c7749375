using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Popcorn.Server;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps Popcorn's browser playground, served from files embedded in Popcorn.Server.</summary>
public static class PopcornPlaygroundEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Serves the playground at <c>{pattern}/</c> (<c>{pattern}</c> redirects there) and its files at
    /// <c>{pattern}/assets/…</c>, offline, from this assembly. The page reads the app's models, query parameter, header
    /// and gateway path from <c>MapPopcornSchema</c>'s <c>/schema</c> (map it too). Outside the Development environment
    /// nothing is mapped unless <see cref="PopcornPlaygroundOptions.EnableOutsideDevelopment"/> is set.
    /// </summary>
    /// <returns>A builder for conventions on the playground's endpoints, e.g. <c>.RequireAuthorization()</c>.</returns>
    public static IEndpointConventionBuilder MapPopcornPlayground(
        this IEndpointRouteBuilder endpoints,
        string pattern = "/popcorn",
        Action<PopcornPlaygroundOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        var options = new PopcornPlaygroundOptions();
        configure?.Invoke(options);
        var group = endpoints.MapGroup(pattern);
        var services = endpoints.ServiceProvider;
        if (!options.EnableOutsideDevelopment && !services.GetRequiredService<IHostEnvironment>().IsDevelopment())
        {
            // An empty group: conventions the caller adds apply to nothing, and nothing answers.
            services.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(PopcornPlaygroundOptions).FullName!)
                .PlaygroundOff(pattern);
            return group;
        }

        var toolsPattern = options.SchemaPattern.TrimEnd('/');
        group.MapGet(string.Empty, (HttpContext context) => ServeIndex(context, toolsPattern))
            .ExcludeFromDescription();
        group.MapGet("/assets/{*path}", static (HttpContext context, string path) => ServeAsset(context, path))
            .ExcludeFromDescription();
        return group;
    }

    private static Task ServeIndex(HttpContext context, string toolsPattern)
    {
        var request = context.Request;

        // Routing matches "/popcorn" with and without the slash; the page's relative asset URLs need it.
        if (!request.Path.Value!.EndsWith('/'))
        {
            context.Response.Redirect($"{request.PathBase}{request.Path}/{request.QueryString}");
            return Task.CompletedTask;
        }

        context.Response.ContentType = "text/html; charset=utf-8";

        // The page names hashed assets, so it must be revalidated to pick up a new build.
        context.Response.Headers.CacheControl = "no-cache";
        return context.Response.WriteAsync(PlaygroundAssets.Instance.IndexHtml($"{request.PathBase}{toolsPattern}"));
    }

    private static Task ServeAsset(HttpContext context, string path)
    {
        var asset = PlaygroundAssets.Instance.Find(path);
        if (asset is null)
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
            return Task.CompletedTask;
        }

        context.Response.ContentType = asset.ContentType;

        // Asset names carry a hash of their content: a new build is a new URL, so a copy never goes stale.
        context.Response.Headers.CacheControl = "public, max-age=31536000, immutable";
        context.Response.ContentLength = asset.Content.Length;
        return context.Response.Body.WriteAsync(asset.Content).AsTask();
    }
}

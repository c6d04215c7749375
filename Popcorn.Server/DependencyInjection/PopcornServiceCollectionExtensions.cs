using Microsoft.Extensions.DependencyInjection.Extensions;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Popcorn's services.</summary>
public static class PopcornServiceCollectionExtensions
{
    /// <summary>
    /// Adds Popcorn: the registry of generated writers, the bounded plan cache, the pooled response writer and
    /// problem details. Register your generated contexts in <paramref name="configure"/>:
    /// <c>services.AddPopcorn(o => o.AddContext(AppJsonContext.Default));</c>
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Sets <see cref="PopcornOptions"/>.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcorn(this IServiceCollection services, Action<PopcornOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddOptions<PopcornOptions>();
        if (configure is not null)
        {
            services.Configure(configure);
        }

        services.AddProblemDetails();
        services.TryAddSingleton<PopcornRegistry>();
        services.TryAddSingleton<PopcornPipeline>();
        services.TryAddSingleton<PopcornResponseWriter>();
        services.TryAddSingleton<PopcornGateway>();
        services.TryAddSingleton<GatewayRequestHandler>();
        return services;
    }
}

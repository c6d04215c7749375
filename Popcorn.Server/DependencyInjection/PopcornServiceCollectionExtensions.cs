using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Popcorn's services.</summary>
public static class PopcornServiceCollectionExtensions
{
    /// <summary>
    /// Adds Popcorn: the registry of generated writers, the bounded plan cache, the request pipeline, the pooled
    /// response writer and problem details. Register your generated contexts in <paramref name="configure"/>:
    /// <c>services.AddPopcorn(o => o.AddContext(AppJsonContext.Default));</c>. The options are checked when the app
    /// starts; a wrong value stops it with a message naming the option.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Sets <see cref="PopcornOptions"/>.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcorn(this IServiceCollection services, Action<PopcornOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<PopcornOptions>().ValidateOnStart();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        if (services.Any(static d => d.ServiceType == typeof(PopcornRegistry)))
        {
            return services;
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<PopcornOptions>, PopcornOptionsValidator>());
        services.AddProblemDetails();
        // PostConfigure: after the app's own base policies, which may vary by every query parameter (docs/caching.md).
        services.PostConfigure<OutputCacheOptions>(static cache => cache.AddBasePolicy(PopcornOutputCachePolicy.Base));
        services.AddMetrics();
        services.TryAddSingleton<PopcornMetrics>();
        services.TryAddSingleton<PopcornRegistry>();
        services.TryAddSingleton<EndpointModels>();
        services.TryAddSingleton<FieldAuthorization>();
        services.TryAddSingleton<CallerPlans>();
        services.TryAddSingleton<PopcornPipeline>();
        services.TryAddSingleton<RootSources>();
        services.TryAddSingleton<BatchLevels>();
        services.TryAddSingleton<PopcornResponseWriter>();
        services.TryAddSingleton<PopcornRowsWriter>();
        services.TryAddSingleton<PopcornGateway>();
        services.TryAddSingleton<GatewayOperations>();
        services.TryAddSingleton<GatewayRequestHandler>();
        services.TryAddSingleton<PersistedQueryStore>();
        services.TryAddSingleton<PersistedDocuments>();
        services.TryAddSingleton<LiveFigures>(); // listens only once MapPopcornFigures starts it
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<PopcornOptions>, TrustedDocumentsValidator>());
        services.AddDistributedMemoryCache(); // only if the app registered no IDistributedCache (it adds with TryAdd)
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, PopcornEndpointCheck>());
        return services;
    }

    /// <summary>
    /// Adds Popcorn with its options read from <paramref name="configuration"/> (e.g.
    /// <c>builder.Configuration.GetSection("Popcorn")</c>; the keys are listed in docs/configuration.md), then
    /// <paramref name="configure"/>, which registers the contexts and may override what configuration said. An
    /// unknown key or an unreadable value stops the app at startup with a message naming it.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configuration">The configuration section holding Popcorn's options.</param>
    /// <param name="configure">Registers contexts; sets anything configuration cannot (writer options).</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcorn(this IServiceCollection services, IConfiguration configuration, Action<PopcornOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        services.AddOptions<PopcornOptions>().Configure(options => PopcornConfigurationBinder.Bind(configuration, options));
        return services.AddPopcorn(configure);
    }
}

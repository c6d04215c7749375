using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Http.Resilience;
using Microsoft.Extensions.Options;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers the upstream services a Popcorn gateway serves from (docs/gateway.md).</summary>
public static class PopcornUpstreamServiceCollectionExtensions
{
    /// <summary>
    /// Adds one upstream service per child of <paramref name="configuration"/> (e.g.
    /// <c>builder.Configuration.GetSection("Popcorn:Upstreams")</c>, whose child <c>orders</c> holds
    /// <c>BaseAddress</c>, <c>Timeout</c>, <c>MaxResponseBytes</c>, …; see <see cref="PopcornUpstreamOptions"/>). Each is
    /// called through its own named <see cref="System.Net.Http.HttpClient"/> from <c>IHttpClientFactory</c>, with
    /// service discovery for its base address and the standard resilience handler (a total and a per-attempt timeout,
    /// retries of its reads, a circuit breaker) set from its options. The options are checked when the app starts, and
    /// each service's <c>/popcorn/schema</c> is read then, before the first request: a service that cannot be read, or
    /// whose names clash with the gateway's own, stops the app with a message naming it.
    /// Serve a service's root fields with <c>gateway.Upstream("orders")</c> in <c>MapPopcornGateway</c>.
    /// </summary>
    /// <param name="services">The application's services; call <c>AddPopcorn</c> too.</param>
    /// <param name="configuration">The section whose children are the services, by name.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcornUpstreams(this IServiceCollection services, IConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<PopcornUpstreamOptions>, UpstreamOptionsValidator>());
        services.TryAddSingleton<UpstreamCatalog>();
        services.AddMetrics(); // AddPopcorn adds it too; the upstream metrics need it either way
        services.TryAddSingleton<UpstreamMetrics>();
        services.TryAddSingleton<UpstreamClient>();
        services.TryAddSingleton<UpstreamResourceHandler>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<Hosting.IHostedService, UpstreamSchemaLoader>());
        services.TryAddSingleton<UpstreamSchemaComposer>();
        services.TryAddSingleton<UpstreamSchemaWatch>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<Hosting.IHostedService, UpstreamSchemaChecks>());
        services.AddServiceDiscovery();
        services.Configure<PopcornOptions>(o => o.ServesUpstreams = true);
        foreach (var child in configuration.GetChildren())
        {
            string name = child.Key;
            services.AddOptions<PopcornUpstreamOptions>(name).Bind(child, o => o.ErrorOnUnknownConfiguration = true).ValidateOnStart();
            services.Configure<UpstreamCatalogOptions>(o => o.Names.Add(name));
            services.AddHttpClient(UpstreamClient.HttpClientName(name), (provider, client) =>
                {
                    var options = provider.GetRequiredService<IOptionsMonitor<PopcornUpstreamOptions>>().Get(name);
                    client.BaseAddress = options.BaseAddress;

                    // The resilience handler's total timeout bounds each call, retries included; HttpClient's own would
                    // cut it without the handler knowing.
                    client.Timeout = Timeout.InfiniteTimeSpan;
                })
                .AddServiceDiscovery()
                .AddStandardResilienceHandler()
                .Configure((resilience, provider) => Configure(resilience, provider.GetRequiredService<IOptionsMonitor<PopcornUpstreamOptions>>().Get(name)));
        }

        return services;
    }

    private static void Configure(HttpStandardResilienceOptions resilience, PopcornUpstreamOptions options)
    {
        resilience.TotalRequestTimeout.Timeout = options.Timeout;
        resilience.AttemptTimeout.Timeout = options.AttemptTimeout;

        // Only reads are ever retried (the gateway's calls are GETs); a write would not be, whatever the settings.
        resilience.Retry.DisableForUnsafeHttpMethods();
        if (options.MaxRetries == 0)
        {
            resilience.Retry.ShouldHandle = static _ => ValueTask.FromResult(false);
        }
        else
        {
            resilience.Retry.MaxRetryAttempts = options.MaxRetries;
        }

        // The breaker's window must be at least twice an attempt's timeout (the handler's own rule).
        var window = options.AttemptTimeout * 2;
        if (resilience.CircuitBreaker.SamplingDuration < window)
        {
            resilience.CircuitBreaker.SamplingDuration = window;
        }
    }
}

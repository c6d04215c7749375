using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Makes a shared output cache store safe to lose.</summary>
public static class PopcornOutputCacheServiceCollectionExtensions
{
    /// <summary>
    /// Wraps the output cache store registered so far (e.g. by <c>AddStackExchangeRedisOutputCache</c>; call this after
    /// it) so each call takes at most 500 ms and never throws: while the store is down or slow, cached endpoints answer
    /// uncached (a lookup is a miss, a write is dropped; the outage is logged once, events 20 and 21), and after a failure the store is
    /// left alone for 2 s before one call tries it again. See docs/caching.md.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <returns>The services, for chaining.</returns>
    /// <exception cref="InvalidOperationException">No <see cref="IOutputCacheStore"/> is registered yet.</exception>
    public static IServiceCollection AddPopcornOutputCacheTimeBox(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        var original = services.LastOrDefault(static d => d.ServiceType == typeof(IOutputCacheStore) && !d.IsKeyedService)
            ?? throw new InvalidOperationException("AddPopcornOutputCacheTimeBox wraps the output cache store: call it after AddOutputCache or AddStackExchangeRedisOutputCache.");
        if (original.ImplementationFactory?.Target is StoreWrapper)
        {
            return services;
        }

        services.Remove(original);
        services.Add(ServiceDescriptor.Singleton<IOutputCacheStore>(new StoreWrapper(original).Create));
        return services;
    }

    /// <summary>Builds the wrapped store from the original registration, however it was made.</summary>
    private sealed class StoreWrapper(ServiceDescriptor original)
    {
        public IOutputCacheStore Create(IServiceProvider services)
        {
            // A registered instance belongs to the app; a store built here is this wrapper's to dispose.
            var store = original.ImplementationInstance as IOutputCacheStore
                ?? (IOutputCacheStore?)original.ImplementationFactory?.Invoke(services)
                ?? (IOutputCacheStore)ActivatorUtilities.CreateInstance(services, original.ImplementationType!);
            return new TimeBoxedOutputCacheStore(
                store,
                ownsStore: original.ImplementationInstance is null,
                services.GetRequiredService<ILogger<TimeBoxedOutputCacheStore>>(),
                services.GetService<TimeProvider>() ?? TimeProvider.System);
        }
    }
}

using Microsoft.Extensions.DependencyInjection.Extensions;
using Popcorn.EntityFrameworkCore;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Popcorn's EF Core projection pushdown.</summary>
public static class PopcornEntityFrameworkCoreServiceCollectionExtensions
{
    /// <summary>
    /// Makes endpoints and gateway fields that return an EF Core <see cref="IQueryable{T}"/> of a model type read only
    /// the selected columns and navigations, in one statement per root, streamed; a database that is down, or slower
    /// than <see cref="PopcornEntityFrameworkCoreOptions.FirstRowTimeout"/> to answer, gives a 503. Call after (or
    /// before) <c>AddPopcorn</c>.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Sets the options (also bindable as <c>IOptions&lt;PopcornEntityFrameworkCoreOptions&gt;</c>).</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcornEntityFrameworkCore(this IServiceCollection services, Action<PopcornEntityFrameworkCoreOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<PopcornEntityFrameworkCoreOptions>()
            .Validate(o => o.FirstRowTimeout > TimeSpan.Zero || o.FirstRowTimeout == Timeout.InfiniteTimeSpan,
                "PopcornEntityFrameworkCoreOptions.FirstRowTimeout must be positive, or Timeout.InfiniteTimeSpan.")
            .ValidateOnStart();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPopcornSourceProjector, EntityFrameworkSourceProjector>());
        return services;
    }
}

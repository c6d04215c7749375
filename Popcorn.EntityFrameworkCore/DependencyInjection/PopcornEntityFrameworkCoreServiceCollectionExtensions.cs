using Microsoft.EntityFrameworkCore.Infrastructure;
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
    /// than <see cref="PopcornEntityFrameworkCoreOptions.FirstRowTimeout"/> to answer, gives a 503. Each query is
    /// bounded by <see cref="PopcornEntityFrameworkCoreOptions.QueryTimeout"/> and
    /// <see cref="PopcornEntityFrameworkCoreOptions.MaxRowsRead"/>, through interceptors added to every context
    /// registered with <c>AddDbContext</c> (others: <c>options.AddPopcornInterceptors()</c>). Call after (or before)
    /// <c>AddPopcorn</c>.
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
            .Validate(o => o.QueryTimeout > TimeSpan.Zero || o.QueryTimeout == Timeout.InfiniteTimeSpan,
                "PopcornEntityFrameworkCoreOptions.QueryTimeout must be positive, or Timeout.InfiniteTimeSpan.")
            .Validate(o => o.MaxRowsRead is null or > 0, "PopcornEntityFrameworkCoreOptions.MaxRowsRead must be positive, or null for no bound.")
            .Validate(o => o.MaxConcurrentCompilations is null or > 0, "PopcornEntityFrameworkCoreOptions.MaxConcurrentCompilations must be positive, or null for no bound.")
            .Validate(o => o.MaxQueuedCompilations >= 0, "PopcornEntityFrameworkCoreOptions.MaxQueuedCompilations must be zero or more.")
            .Validate(o => o.CompilationQueueTimeout > TimeSpan.Zero && o.CompilationQueueTimeout != Timeout.InfiniteTimeSpan,
                "PopcornEntityFrameworkCoreOptions.CompilationQueueTimeout must be positive and finite.")
            .ValidateOnStart();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPopcornSourceProjector, EntityFrameworkSourceProjector>());
        // Every context registered with AddDbContext gets the interceptors that bound rows and compilations and interrupt SQLite.
        services.TryAddEnumerable(ServiceDescriptor.Singleton(typeof(IDbContextOptionsConfiguration<>), typeof(DatabaseCancellationSetup<>)));
        return services;
    }
}

using Microsoft.Extensions.DependencyInjection.Extensions;
using Popcorn.EntityFrameworkCore;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Popcorn's EF Core projection pushdown.</summary>
public static class PopcornEntityFrameworkCoreServiceCollectionExtensions
{
    /// <summary>
    /// Makes endpoints and gateway fields that return an EF Core <see cref="IQueryable{T}"/> of a model type read only
    /// the selected columns and navigations, in one statement per root, streamed; a database that is down answers
    /// 503. Call after (or before) <c>AddPopcorn</c>.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddPopcornEntityFrameworkCore(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPopcornSourceProjector, EntityFrameworkSourceProjector>());
        return services;
    }
}

using Popcorn.EntityFrameworkCore;

namespace Microsoft.EntityFrameworkCore;

/// <summary>Adds Popcorn's command interceptor to a context configured by hand.</summary>
public static class PopcornDbContextOptionsBuilderExtensions
{
    /// <summary>
    /// Adds the interceptors that bound the rows a Popcorn query reads (<see cref="PopcornEntityFrameworkCoreOptions.MaxRowsRead"/>)
    /// and the compilations of new query shapes (<see cref="PopcornEntityFrameworkCoreOptions.MaxConcurrentCompilations"/>), and interrupt a cancelled query on SQLite. Contexts registered with <c>AddDbContext</c> get it from
    /// <c>AddPopcornEntityFrameworkCore()</c> already; call this for a context built with <c>new DbContextOptionsBuilder</c>.
    /// </summary>
    /// <param name="options">The context's options.</param>
    /// <returns>The options, for chaining.</returns>
    public static DbContextOptionsBuilder AddPopcornInterceptors(this DbContextOptionsBuilder options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return options.AddInterceptors(DatabaseCancellation.Instance, CompilationGateInterceptor.Instance);
    }

    /// <inheritdoc cref="AddPopcornInterceptors(DbContextOptionsBuilder)"/>
    /// <typeparam name="TContext">The context type.</typeparam>
    public static DbContextOptionsBuilder<TContext> AddPopcornInterceptors<TContext>(this DbContextOptionsBuilder<TContext> options)
        where TContext : DbContext
    {
        ArgumentNullException.ThrowIfNull(options);
        return options.AddInterceptors(DatabaseCancellation.Instance, CompilationGateInterceptor.Instance);
    }
}

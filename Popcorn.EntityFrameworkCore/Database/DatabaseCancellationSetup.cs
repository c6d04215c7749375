using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Adds <see cref="DatabaseCancellation"/> and <see cref="CompilationGateInterceptor"/> to every <c>DbContext</c> the app registers with <c>AddDbContext</c>
/// (EF Core reads each context type's <see cref="IDbContextOptionsConfiguration{TContext}"/> from the app's services),
/// so the app's own options code needs no change. A context created another way adds it with
/// <c>options.AddPopcornInterceptors()</c>.
/// </summary>
internal sealed class DatabaseCancellationSetup<TContext> : IDbContextOptionsConfiguration<TContext>
    where TContext : DbContext
{
    public void Configure(IServiceProvider serviceProvider, DbContextOptionsBuilder optionsBuilder) =>
        optionsBuilder.AddInterceptors(DatabaseCancellation.Instance, CompilationGateInterceptor.Instance);
}

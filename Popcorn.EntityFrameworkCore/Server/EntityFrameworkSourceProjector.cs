using System.Collections.Concurrent;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Popcorn.Query;
using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Popcorn.Server's hook for EF Core: an <see cref="IQueryable{T}"/> of a model type returned by an endpoint or a
/// gateway field gets the request's plan composed in (<see cref="PopcornProjection.TryProject{T}"/>), is started
/// (so a database that is down, or slower than <see cref="PopcornEntityFrameworkCoreOptions.FirstRowTimeout"/>,
/// gives a 503), and is streamed row by row through the generated writer.
/// </summary>
internal sealed class EntityFrameworkSourceProjector(ILogger<EntityFrameworkSourceProjector> logger, IOptions<PopcornEntityFrameworkCoreOptions> options) : IPopcornSourceProjector
{
    private readonly TimeSpan _firstRowTimeout = options.Value.FirstRowTimeout;

    private readonly ConcurrentDictionary<Type, TypedProjector> _typed = new();

    public ValueTask<object> ProjectAsync(object sequence, Type modelType, SelectionPlan plan, CancellationToken cancellationToken)
    {
        if (sequence is not IQueryable { Provider: IAsyncQueryProvider } query || query.ElementType != modelType)
        {
            return ValueTask.FromResult(sequence);
        }

        var typed = _typed.GetOrAdd(modelType, static type => (TypedProjector)Activator.CreateInstance(typeof(TypedProjector<>).MakeGenericType(type))!);
        return typed.ProjectAsync(query, plan, logger, _firstRowTimeout, cancellationToken);
    }

    private abstract class TypedProjector
    {
        public abstract ValueTask<object> ProjectAsync(IQueryable query, SelectionPlan plan, ILogger logger, TimeSpan firstRowTimeout, CancellationToken cancellationToken);
    }

    private sealed class TypedProjector<T> : TypedProjector
    {
        public override async ValueTask<object> ProjectAsync(IQueryable query, SelectionPlan plan, ILogger logger, TimeSpan firstRowTimeout, CancellationToken cancellationToken)
        {
            var source = (IQueryable<T>)query;
            bool arranged = false;
            if (source.TryProject(plan, out var projected, out string? refusal))
            {
                source = projected;
                arranged = true;
            }
            else
            {
                // The response stays correct: the handler's own query runs as it would without Popcorn.
                logger.ProjectionRefused(typeof(T).Name, refusal);
            }

            try
            {
                var rows = await PrimedAsyncSequence<T>.StartAsync(source.AsAsyncEnumerable(), firstRowTimeout, cancellationToken);
                return arranged ? new ArrangedAsyncSequence<T>(rows) : rows;
            }
            catch (PopcornSourceUnavailableException error)
            {
                logger.SourceUnavailable(error.InnerException, typeof(T).Name);
                throw;
            }
        }
    }
}

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
/// gateway field gets the request's plan composed in (<see cref="PopcornProjection.TryProject{T}(IQueryable{T}, SelectionPlan, bool, out IQueryable{T}?, out string?)"/>, for the writers alone), is started
/// (so a database that is down, or slower than <see cref="PopcornEntityFrameworkCoreOptions.FirstRowTimeout"/>,
/// gives a 503), and is streamed row by row through the generated writer. It also counts such a query where it lives
/// (<see cref="IPopcornSourceCounter"/>): one <c>SELECT COUNT(*)</c> over the client's filter, for a connection's
/// <c>totalCount</c> or REST's total.
/// </summary>
internal sealed class EntityFrameworkSourceProjector(ILogger<EntityFrameworkSourceProjector> logger, IOptions<PopcornEntityFrameworkCoreOptions> options) : IPopcornSourceProjector, IPopcornSourceCounter
{
    private readonly TimeSpan _firstRowTimeout = options.Value.FirstRowTimeout;
    private readonly TimeSpan _queryTimeout = options.Value.QueryTimeout;
    private readonly long? _maxRowsRead = options.Value.MaxRowsRead;

    /// <summary>Bounds the compilations of new query shapes; null when the app lifted the bound.</summary>
    private readonly CompilationGate? _compilations = options.Value.MaxConcurrentCompilations is { } slots
        ? new CompilationGate(slots, options.Value.MaxQueuedCompilations, options.Value.CompilationQueueTimeout, logger)
        : null;

    private readonly ConcurrentDictionary<Type, TypedProjector> _typed = new();

    /// <summary>
    /// The refusals already logged, by model type and reason: a query that cannot be projected is the endpoint's
    /// shape, not the request's, so it is worth one warning, not one per request. Bounded by the app's model types
    /// times their refusal messages, which name only members of the metadata.
    /// </summary>
    private readonly ConcurrentDictionary<(Type Model, string Reason), bool> _refusalsLogged = new();

    public ValueTask<object> ProjectAsync(object sequence, Type modelType, SelectionPlan plan, CancellationToken cancellationToken)
    {
        if (sequence is not IQueryable { Provider: IAsyncQueryProvider } query || query.ElementType != modelType)
        {
            return ValueTask.FromResult(sequence);
        }

        var typed = _typed.GetOrAdd(modelType, static type => (TypedProjector)Activator.CreateInstance(typeof(TypedProjector<>).MakeGenericType(type))!);
        return typed.ProjectAsync(query, plan, this, cancellationToken);
    }

    public ValueTask<long?> CountAsync(object sequence, Type modelType, CollectionArguments filter, CancellationToken cancellationToken)
    {
        if (sequence is not IQueryable { Provider: IAsyncQueryProvider } query || query.ElementType != modelType)
        {
            return ValueTask.FromResult<long?>(null);
        }

        var typed = _typed.GetOrAdd(modelType, static type => (TypedProjector)Activator.CreateInstance(typeof(TypedProjector<>).MakeGenericType(type))!);
        return typed.CountAsync(query, filter, this, cancellationToken);
    }

    /// <summary>Starts one of Popcorn's queries through the compilation gate, if the app keeps one.</summary>
    private ValueTask<TResult> StartAsync<TResult>(Func<ValueTask<TResult>> start, CancellationToken cancellationToken) =>
        _compilations is null ? start() : _compilations.RunAsync(start, cancellationToken);

    private void LogRefusalOnce(Type model, string reason)
    {
        if (_refusalsLogged.TryAdd((model, reason), true))
        {
            logger.ProjectionRefused(model.Name, reason);
        }
    }

    private void LogSourceUnavailable(Exception? error, Type model) => logger.SourceUnavailable(error, model.Name);

    private abstract class TypedProjector
    {
        public abstract ValueTask<object> ProjectAsync(IQueryable query, SelectionPlan plan, EntityFrameworkSourceProjector owner, CancellationToken cancellationToken);

        public abstract ValueTask<long?> CountAsync(IQueryable query, CollectionArguments filter, EntityFrameworkSourceProjector owner, CancellationToken cancellationToken);
    }

    private sealed class TypedProjector<T> : TypedProjector
    {
        /// <summary>
        /// Reads every row (the aggregates need their keys, and one connection runs one statement at a time), then one
        /// grouped statement per aggregate key, each under the query timeout and through the compilation gate.
        /// </summary>
        private static async Task<IAsyncEnumerable<T>> CountAggregatesAsync(IAsyncEnumerable<T> rows, IQueryable query, SelectionPlan plan, EntityFrameworkSourceProjector owner, CancellationToken cancellationToken)
        {
            var buffered = new List<T>();
            await foreach (var row in rows.WithCancellation(cancellationToken))
            {
                buffered.Add(row);
            }

            var model = PopcornProjection.FindModel(query.Expression)!;
            await AggregateStatements.CountAsync(buffered, plan, model, (IAsyncQueryProvider)query.Provider, async statement =>
            {
                using var timer = owner._queryTimeout == Timeout.InfiniteTimeSpan ? null : CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                timer?.CancelAfter(owner._queryTimeout);
                try
                {
                    var token = timer?.Token ?? cancellationToken;
                    await owner.StartAsync(async () =>
                    {
                        await statement(token);
                        return true;
                    }, cancellationToken);
                }
                catch (Exception error) when (!cancellationToken.IsCancellationRequested && (timer is { IsCancellationRequested: true } || PrimedAsyncSequence<T>.IsUnavailable(error)))
                {
                    owner.LogSourceUnavailable(error, typeof(T));
                    throw new PopcornSourceUnavailableException($"The aggregates of {typeof(T).Name} failed.", error);
                }
            });
            return Buffered(buffered);
        }

        private static async IAsyncEnumerable<T> Buffered(List<T> rows)
        {
            await Task.CompletedTask;
            foreach (var row in rows)
            {
                yield return row;
            }
        }

        public override async ValueTask<long?> CountAsync(IQueryable query, CollectionArguments filter, EntityFrameworkSourceProjector owner, CancellationToken cancellationToken)
        {
            // Only the client's where: an order, a seek or a page would change nothing a total counts. The filter's
            // values are parameters, as in the page's own statement (ArgumentExpressions).
            var filtered = ArgumentExpressions.FilterRoot((IQueryable<T>)query, filter.Where);
            using var timer = owner._queryTimeout == Timeout.InfiniteTimeSpan ? null : CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timer?.CancelAfter(owner._queryTimeout);
            try
            {
                var token = timer?.Token ?? cancellationToken;
                return await owner.StartAsync(() => new ValueTask<long>(filtered.LongCountAsync(token)), cancellationToken);
            }
            catch (Exception error) when (!cancellationToken.IsCancellationRequested && (timer is { IsCancellationRequested: true } || PrimedAsyncSequence<T>.IsUnavailable(error)))
            {
                owner.LogSourceUnavailable(error, typeof(T));
                throw new PopcornSourceUnavailableException($"The count of {typeof(T).Name} failed.", error);
            }
        }

        public override async ValueTask<object> ProjectAsync(IQueryable query, SelectionPlan plan, EntityFrameworkSourceProjector owner, CancellationToken cancellationToken)
        {
            var source = (IQueryable<T>)query;
            bool arranged = false;
            if (PopcornProjection.TryProject(source, plan, writtenOnly: true, out var projected, out string? refusal))
            {
                source = projected;
                arranged = true;
            }
            else
            {
                // The handler's own query runs as it would without Popcorn, with the lists its aggregates count loaded.
                owner.LogRefusalOnce(typeof(T), refusal);
                source = AggregateIncludes.Apply(source, plan);
            }

            try
            {
                var rows = await owner.StartAsync(() => PrimedAsyncSequence<T>.StartAsync(source.AsAsyncEnumerable(), owner._firstRowTimeout, owner._queryTimeout, owner._maxRowsRead, cancellationToken), cancellationToken);
                if (arranged && AggregateStatements.Any(plan))
                {
                    return new ArrangedAsyncSequence<T>(await CountAggregatesAsync(rows, query, plan, owner, cancellationToken));
                }

                return arranged ? new ArrangedAsyncSequence<T>(rows) : rows;
            }
            catch (PopcornSourceUnavailableException error) when (error is not PopcornSourceBusyException)
            {
                owner.LogSourceUnavailable(error.InnerException, typeof(T));
                throw;
            }
        }
    }
}

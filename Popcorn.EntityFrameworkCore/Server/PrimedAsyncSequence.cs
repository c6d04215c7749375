using System.Data.Common;
using Microsoft.EntityFrameworkCore.Storage;
using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// An async sequence whose first row was already read: the query runs (and a database that is down or too slow
/// fails) before Popcorn writes a byte, so the failure can still become a 503. Enumerable once; disposing it ends the
/// query.
/// </summary>
internal sealed class PrimedAsyncSequence<T> : IAsyncEnumerable<T>
{
    private readonly bool _hasFirst;
    private readonly CancellationToken _cancellationToken;
    private readonly CancellationTokenSource? _firstRowTimer;
    private IAsyncEnumerator<T>? _enumerator;

    private PrimedAsyncSequence(IAsyncEnumerator<T> enumerator, bool hasFirst, CancellationTokenSource? firstRowTimer, CancellationToken cancellationToken)
    {
        _enumerator = enumerator;
        _hasFirst = hasFirst;
        _firstRowTimer = firstRowTimer;
        _cancellationToken = cancellationToken;
    }

    /// <summary>
    /// Starts <paramref name="source"/> and reads its first row, cancelling the query when that takes longer than
    /// <paramref name="firstRowTimeout"/>, or the whole query longer than <paramref name="queryTimeout"/>
    /// (<see cref="Timeout.InfiniteTimeSpan"/>: no bound of Popcorn's); its reader may return at most
    /// <paramref name="maxRows"/> rows (null: no bound).
    /// </summary>
    /// <exception cref="PopcornSourceUnavailableException">The database could not be reached, refused the query, or did not answer in time.</exception>
    /// <exception cref="PopcornSourceLimitExceededException">The query read more than <paramref name="maxRows"/> rows before its first element was complete.</exception>
    public static async ValueTask<PrimedAsyncSequence<T>> StartAsync(IAsyncEnumerable<T> source, TimeSpan firstRowTimeout, TimeSpan queryTimeout, long? maxRows, CancellationToken cancellationToken)
    {
        // The query runs under a token that is the request's plus the timer: the provider cancels the command at the
        // database either way (DatabaseCancellation interrupts SQLite). The timer first fires at the first-row bound,
        // then at the end of the query's budget, and the query keeps this token to its end, so the source lives as
        // long as the query does.
        var started = System.Diagnostics.Stopwatch.StartNew();
        var timer = firstRowTimeout == Timeout.InfiniteTimeSpan && queryTimeout == Timeout.InfiniteTimeSpan ? null : CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timer?.CancelAfter(Earliest(firstRowTimeout, queryTimeout));
        var enumerator = source.GetAsyncEnumerator(timer?.Token ?? cancellationToken);

        // The command starts in this flow (at the first MoveNextAsync), so the interceptor finds this query's budget here.
        var outer = RowBudget.Current;
        RowBudget.Current = maxRows is { } limit ? new RowBudget(limit) : null;
        try
        {
            bool hasFirst = await enumerator.MoveNextAsync();
            timer?.CancelAfter(queryTimeout == Timeout.InfiniteTimeSpan ? Timeout.InfiniteTimeSpan : Remaining(queryTimeout, started.Elapsed));
            if (TimedOut(timer, cancellationToken))
            {
                // The timer fired as the first row arrived: the query's token is cancelled, so it cannot stream on.
                throw new OperationCanceledException(timer!.Token);
            }

            return new PrimedAsyncSequence<T>(enumerator, hasFirst, timer, cancellationToken);
        }
        catch (Exception error) when (TimedOut(timer, cancellationToken))
        {
            await EndAsync(enumerator, timer);
            throw new PopcornSourceUnavailableException($"The query for {typeof(T).Name} produced no row within {Earliest(firstRowTimeout, queryTimeout)}; it was cancelled.", error);
        }
        catch when (cancellationToken.IsCancellationRequested)
        {
            // The client went away: not the database's fault, and no one to answer.
            await EndAsync(enumerator, timer);
            throw;
        }
        catch (Exception error) when (IsUnavailable(error))
        {
            await EndAsync(enumerator, timer);
            throw new PopcornSourceUnavailableException($"The query for {typeof(T).Name} failed before any row was read.", error);
        }
        catch
        {
            await EndAsync(enumerator, timer);
            throw;
        }
        finally
        {
            RowBudget.Current = outer;
        }
    }

    private static TimeSpan Earliest(TimeSpan a, TimeSpan b) =>
        a == Timeout.InfiniteTimeSpan ? b : b == Timeout.InfiniteTimeSpan ? a : a < b ? a : b;

    /// <summary>What is left of the query's budget; at least a millisecond, so a spent budget cancels at once rather than never.</summary>
    private static TimeSpan Remaining(TimeSpan budget, TimeSpan elapsed) =>
        budget - elapsed > TimeSpan.FromMilliseconds(1) ? budget - elapsed : TimeSpan.FromMilliseconds(1);

    /// <summary>The first-row timer fired; a request the client abandoned is not a slow database.</summary>
    private static bool TimedOut(CancellationTokenSource? timer, CancellationToken request) =>
        timer is { IsCancellationRequested: true } && !request.IsCancellationRequested;

    /// <summary>
    /// The database could not be read: a provider error, a timeout, or the same wrapped by EF Core's execution strategy
    /// (Npgsql's reports a refused connection as an <see cref="InvalidOperationException"/> around the provider's).
    /// A query EF cannot translate is none of these and stays a server error.
    /// </summary>
    internal static bool IsUnavailable(Exception error)
    {
        for (Exception? current = error; current is not null; current = current.InnerException)
        {
            if (current is DbException or RetryLimitExceededException or TimeoutException or System.Net.Sockets.SocketException)
            {
                return true;
            }
        }

        return false;
    }

    private static async ValueTask EndAsync(IAsyncEnumerator<T> enumerator, CancellationTokenSource? timer)
    {
        try
        {
            await enumerator.DisposeAsync();
        }
        finally
        {
            timer?.Dispose();
        }
    }

    /// <inheritdoc />
    /// <remarks>The query keeps the token it was started with (the request's).</remarks>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var enumerator = Interlocked.Exchange(ref _enumerator, null)
            ?? throw new InvalidOperationException("A primed query can be enumerated once.");
        return Continue(enumerator, _hasFirst, _firstRowTimer, _cancellationToken);
    }

    private static async IAsyncEnumerator<T> Continue(IAsyncEnumerator<T> enumerator, bool hasFirst, CancellationTokenSource? timer, CancellationToken cancellationToken)
    {
        try
        {
            if (!hasFirst)
            {
                yield break;
            }

            yield return enumerator.Current;

            // Checked per row: once the client has gone, flushing to it no longer fails, and some providers (SQLite)
            // read on without looking at the token, so without this the whole result would be read for no one.
            while (!cancellationToken.IsCancellationRequested && timer?.IsCancellationRequested != true && await enumerator.MoveNextAsync())
            {
                yield return enumerator.Current;
            }

            cancellationToken.ThrowIfCancellationRequested();
            timer?.Token.ThrowIfCancellationRequested(); // past the query's budget: the response is cut off, not complete
        }
        finally
        {
            await EndAsync(enumerator, timer);
        }
    }
}

using System.Data.Common;
using Microsoft.EntityFrameworkCore.Storage;
using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// An async sequence whose first row was already read: the query runs (and a database that is down fails) before
/// Popcorn writes a byte, so the failure can still become a 503. Enumerable once; disposing it ends the query.
/// </summary>
internal sealed class PrimedAsyncSequence<T> : IAsyncEnumerable<T>
{
    private readonly bool _hasFirst;
    private readonly CancellationToken _cancellationToken;
    private IAsyncEnumerator<T>? _enumerator;

    private PrimedAsyncSequence(IAsyncEnumerator<T> enumerator, bool hasFirst, CancellationToken cancellationToken)
    {
        _enumerator = enumerator;
        _hasFirst = hasFirst;
        _cancellationToken = cancellationToken;
    }

    /// <summary>Starts <paramref name="source"/> and reads its first row.</summary>
    /// <exception cref="PopcornSourceUnavailableException">The database could not be reached or refused the query.</exception>
    public static async ValueTask<PrimedAsyncSequence<T>> StartAsync(IAsyncEnumerable<T> source, CancellationToken cancellationToken)
    {
        var enumerator = source.GetAsyncEnumerator(cancellationToken);
        try
        {
            bool hasFirst = await enumerator.MoveNextAsync();
            return new PrimedAsyncSequence<T>(enumerator, hasFirst, cancellationToken);
        }
        catch (Exception error) when (IsUnavailable(error))
        {
            await enumerator.DisposeAsync();
            throw new PopcornSourceUnavailableException($"The query for {typeof(T).Name} failed before any row was read.", error);
        }
        catch
        {
            await enumerator.DisposeAsync();
            throw;
        }
    }

    /// <summary>
    /// The database could not be read: a provider error, a timeout, or the same wrapped by EF Core's execution strategy
    /// (Npgsql's reports a refused connection as an <see cref="InvalidOperationException"/> around the provider's).
    /// A query EF cannot translate is none of these and stays a server error.
    /// </summary>
    private static bool IsUnavailable(Exception error)
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

    /// <inheritdoc />
    /// <remarks>The query keeps the token it was started with (the request's).</remarks>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var enumerator = Interlocked.Exchange(ref _enumerator, null)
            ?? throw new InvalidOperationException("A primed query can be enumerated once.");
        return Continue(enumerator, _hasFirst, _cancellationToken);
    }

    private static async IAsyncEnumerator<T> Continue(IAsyncEnumerator<T> enumerator, bool hasFirst, CancellationToken cancellationToken)
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
            while (!cancellationToken.IsCancellationRequested && await enumerator.MoveNextAsync())
            {
                yield return enumerator.Current;
            }

            cancellationToken.ThrowIfCancellationRequested();
        }
        finally
        {
            await enumerator.DisposeAsync();
        }
    }
}

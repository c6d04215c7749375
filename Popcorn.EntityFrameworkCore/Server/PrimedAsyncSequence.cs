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
    private IAsyncEnumerator<T>? _enumerator;
    private readonly bool _hasFirst;

    private PrimedAsyncSequence(IAsyncEnumerator<T> enumerator, bool hasFirst)
    {
        _enumerator = enumerator;
        _hasFirst = hasFirst;
    }

    /// <summary>Starts <paramref name="source"/> and reads its first row.</summary>
    /// <exception cref="PopcornSourceUnavailableException">The database could not be reached or refused the query.</exception>
    public static async ValueTask<PrimedAsyncSequence<T>> StartAsync(IAsyncEnumerable<T> source, CancellationToken cancellationToken)
    {
        var enumerator = source.GetAsyncEnumerator(cancellationToken);
        try
        {
            bool hasFirst = await enumerator.MoveNextAsync();
            return new PrimedAsyncSequence<T>(enumerator, hasFirst);
        }
        catch (Exception error) when (error is DbException or RetryLimitExceededException or TimeoutException)
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

    /// <inheritdoc />
    /// <remarks>The query keeps the token it was started with (the request's).</remarks>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var enumerator = Interlocked.Exchange(ref _enumerator, null)
            ?? throw new InvalidOperationException("A primed query can be enumerated once.");
        return Continue(enumerator, _hasFirst);
    }

    private static async IAsyncEnumerator<T> Continue(IAsyncEnumerator<T> enumerator, bool hasFirst)
    {
        try
        {
            if (!hasFirst)
            {
                yield break;
            }

            yield return enumerator.Current;
            while (await enumerator.MoveNextAsync())
            {
                yield return enumerator.Current;
            }
        }
        finally
        {
            await enumerator.DisposeAsync();
        }
    }
}

namespace Popcorn.Server;

/// <summary>
/// A circuit breaker around calls to a shared store: after a failure the store is not called for
/// <c>period</c>; then one call (never several at once) tries it, and its outcome closes the breaker or opens it for
/// another period. So an outage costs one time-boxed call per period, not one per request, and the process finds the
/// store again by itself when it returns. The outage is logged as one episode (<see cref="OutageEpisode"/>), every
/// skipped call counted in it.
/// </summary>
internal sealed class StoreBreaker(TimeSpan period, OutageEpisode episode, TimeProvider time)
{
    private long _openUntil; // a timestamp; 0 while closed
    private int _trying;     // 1 while the one trial call of an open breaker runs

    /// <summary>
    /// Runs <paramref name="call"/> through <see cref="TimeBox"/> unless the breaker is open; <c>default</c> when it
    /// was skipped, failed or ran out of time. The client's own going away is let through, as TimeBox does.
    /// </summary>
    public async Task<T?> RunAsync<T>(Func<CancellationToken, Task<T?>> call, CancellationToken requestAborted)
    {
        bool trial = false;
        long openUntil = Interlocked.Read(ref _openUntil);
        if (openUntil != 0)
        {
            if (time.GetTimestamp() < openUntil || Interlocked.CompareExchange(ref _trying, 1, 0) != 0)
            {
                episode.Failed(null);
                return default;
            }

            trial = true;
        }

        bool failed = false;
        try
        {
            var result = await TimeBox.RunAsync(call, e =>
            {
                failed = true;
                Interlocked.Exchange(ref _openUntil, time.GetTimestamp() + (long)(period.TotalSeconds * time.TimestampFrequency));
                episode.Failed(e);
            }, requestAborted);
            if (!failed)
            {
                Interlocked.Exchange(ref _openUntil, 0);
                episode.Succeeded();
            }

            return result;
        }
        finally
        {
            if (trial)
            {
                Volatile.Write(ref _trying, 0);
            }
        }
    }
}

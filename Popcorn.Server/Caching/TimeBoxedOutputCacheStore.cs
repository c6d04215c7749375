using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// An <see cref="IOutputCacheStore"/> (Redis's, typically) whose calls are time-boxed (<see cref="TimeBox"/>) and never
/// throw: while the store is down a lookup is a miss and a write is dropped, so cached endpoints answer as if uncached.
/// After a failure the store is left alone for <see cref="RetryAfter"/>, so an outage costs one slow request per
/// interval rather than every request its time box; the first call after that tries again, which is how it recovers.
/// </summary>
/// <remarks>
/// ASP.NET Core's output cache middleware catches a failed lookup but waits for it first, and StackExchange.Redis
/// holds commands while it reconnects for up to its own timeout (5 s by default): measured in docs/caching.md.
/// </remarks>
internal sealed class TimeBoxedOutputCacheStore(IOutputCacheStore store, bool ownsStore, ILogger<TimeBoxedOutputCacheStore> logger, TimeProvider time)
    : IOutputCacheStore, IAsyncDisposable
{
    /// <summary>How long the store is skipped after a failed call.</summary>
    public static readonly TimeSpan RetryAfter = TimeSpan.FromSeconds(2);

    private long _skipUntil;

    public async ValueTask<byte[]?> GetAsync(string key, CancellationToken cancellationToken) =>
        IsResting() ? null : await RunAsync(token => store.GetAsync(key, token).AsTask(), cancellationToken);

    public async ValueTask SetAsync(string key, byte[] value, string[]? tags, TimeSpan validFor, CancellationToken cancellationToken)
    {
        if (!IsResting())
        {
            await RunAsync<object>(async token =>
            {
                await store.SetAsync(key, value, tags, validFor, token);
                return null;
            }, cancellationToken);
        }
    }

    public async ValueTask EvictByTagAsync(string tag, CancellationToken cancellationToken)
    {
        // Tried even while resting: a missed eviction leaves a stale entry until it expires, so it is worth the wait.
        await RunAsync<object>(async token =>
        {
            await store.EvictByTagAsync(tag, token);
            return null;
        }, cancellationToken);
    }

    public async ValueTask DisposeAsync()
    {
        if (!ownsStore)
        {
            return;
        }

        if (store is IAsyncDisposable asyncDisposable)
        {
            await asyncDisposable.DisposeAsync();
        }
        else if (store is IDisposable disposable)
        {
            disposable.Dispose();
        }
    }

    private bool IsResting() => time.GetTimestamp() < Interlocked.Read(ref _skipUntil);

    private Task<T?> RunAsync<T>(Func<CancellationToken, Task<T?>> call, CancellationToken cancellationToken) =>
        TimeBox.RunAsync(call, Failed, cancellationToken);

    private void Failed(Exception e)
    {
        Interlocked.Exchange(ref _skipUntil, time.GetTimestamp() + (long)(RetryAfter.TotalSeconds * time.TimestampFrequency));
        logger.OutputCacheStoreUnavailable(e.GetType().Name, e.Message, (int)RetryAfter.TotalMilliseconds);
    }
}

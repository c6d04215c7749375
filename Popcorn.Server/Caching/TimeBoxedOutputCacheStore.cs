using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// An <see cref="IOutputCacheStore"/> (Redis's, typically) whose calls are time-boxed (<see cref="TimeBox"/>) and never
/// throw: while the store is down a lookup is a miss and a write is dropped, so cached endpoints answer as if uncached.
/// Lookups and writes go through a <see cref="StoreBreaker"/>, as the persisted-query store's calls do: after a failure
/// the store is left alone for <see cref="RetryAfter"/>, then one call (never several at once) tries it, which is how
/// caching resumes; the outage is logged as one episode (events 20 and 21), not once per failed call.
/// </summary>
/// <remarks>
/// ASP.NET Core's output cache middleware catches a failed lookup but waits for it first, and StackExchange.Redis
/// holds commands while it reconnects for up to its own timeout (5 s by default): measured in docs/caching.md.
/// </remarks>
internal sealed class TimeBoxedOutputCacheStore : IOutputCacheStore, IAsyncDisposable
{
    /// <summary>How long the store is skipped after a failed call.</summary>
    public static readonly TimeSpan RetryAfter = TimeSpan.FromSeconds(2);

    private readonly IOutputCacheStore _store;
    private readonly bool _ownsStore;
    private readonly StoreBreaker _breaker;

    public TimeBoxedOutputCacheStore(IOutputCacheStore store, bool ownsStore, ILogger<TimeBoxedOutputCacheStore> logger, TimeProvider time)
    {
        _store = store;
        _ownsStore = ownsStore;
        Outage = new OutageEpisode("The output cache store", logger, time);
        _breaker = new StoreBreaker(RetryAfter, Outage, time);
    }

    /// <summary>The store's outage episodes (for tests and diagnostics).</summary>
    internal OutageEpisode Outage { get; }

    public async ValueTask<byte[]?> GetAsync(string key, CancellationToken cancellationToken) =>
        await _breaker.RunAsync(token => _store.GetAsync(key, token).AsTask(), cancellationToken);

    public async ValueTask SetAsync(string key, byte[] value, string[]? tags, TimeSpan validFor, CancellationToken cancellationToken) =>
        await _breaker.RunAsync<object>(async token =>
        {
            await _store.SetAsync(key, value, tags, validFor, token);
            return null;
        }, cancellationToken);

    public async ValueTask EvictByTagAsync(string tag, CancellationToken cancellationToken)
    {
        // Tried even while the breaker is open: a missed eviction leaves a stale entry until it expires, so it is worth
        // the wait. A failure counts in the outage; only the breaker's trial call ends one.
        await TimeBox.RunAsync<object>(async token =>
        {
            await _store.EvictByTagAsync(tag, token);
            return null;
        }, Outage.Failed, cancellationToken);
    }

    public async ValueTask DisposeAsync()
    {
        if (!_ownsStore)
        {
            return;
        }

        if (_store is IAsyncDisposable asyncDisposable)
        {
            await asyncDisposable.DisposeAsync();
        }
        else if (_store is IDisposable disposable)
        {
            disposable.Dispose();
        }
    }
}

using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Apollo's automatic persisted queries, stored through <see cref="IDistributedCache"/>: in memory unless the app
/// registers another cache (Redis: <c>AddStackExchangeRedisCache</c>), so every instance behind a load balancer can
/// share them. Every call is time-boxed and never throws: a store that is down or slow makes a hash-only request a
/// <c>PersistedQueryNotFound</c> (the client then sends the whole query), never a 5xx and never a stalled request.
/// </summary>
internal sealed class PersistedQueryStore(IDistributedCache cache, ILogger<PersistedQueryStore> logger)
{
    /// <summary>How long a store call may take before the request goes on without it.</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromMilliseconds(500);

    private const string KeyPrefix = "popcorn:pq:";

    /// <summary>Queries not asked for in this long are dropped (each use renews it).</summary>
    private static readonly DistributedCacheEntryOptions s_entryOptions = new() { SlidingExpiration = TimeSpan.FromDays(7) };

    /// <summary>The query stored under <paramref name="hash"/>; null when there is none or the store did not answer in time.</summary>
    public Task<string?> FindAsync(string hash, CancellationToken requestAborted) =>
        TimeBoxedAsync(token => cache.GetStringAsync(Key(hash), token), requestAborted);

    /// <summary>Stores <paramref name="query"/> under its hash, or logs why the store would not take it.</summary>
    public Task SaveAsync(string hash, string query, CancellationToken requestAborted) =>
        TimeBoxedAsync<string?>(async token =>
        {
            await cache.SetStringAsync(Key(hash), query, s_entryOptions, token);
            return null;
        }, requestAborted);

    private static string Key(string hash) => KeyPrefix + hash.ToLowerInvariant();

    /// <summary>
    /// Runs one store call for at most <see cref="Timeout"/> (also when the cache ignores the token), logging and
    /// answering null instead of throwing; only the client's own going away is let through.
    /// </summary>
    private async Task<T?> TimeBoxedAsync<T>(Func<CancellationToken, Task<T?>> call, CancellationToken requestAborted)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(requestAborted);
        timeout.CancelAfter(Timeout);
        try
        {
            return await call(timeout.Token).WaitAsync(timeout.Token);
        }
        catch (Exception e) when (!requestAborted.IsCancellationRequested)
        {
            logger.PersistedQueryStoreUnavailable(e.GetType().Name, e.Message);
            return default;
        }
    }
}

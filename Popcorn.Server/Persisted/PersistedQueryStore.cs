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

    /// <summary>One store call, time-boxed (<see cref="TimeBox"/>); a failure is logged and answered with null.</summary>
    private Task<T?> TimeBoxedAsync<T>(Func<CancellationToken, Task<T?>> call, CancellationToken requestAborted) =>
        TimeBox.RunAsync(call, e => logger.PersistedQueryStoreUnavailable(e.GetType().Name, e.Message), requestAborted);
}

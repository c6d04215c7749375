using System.Text;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Popcorn.Server;

/// <summary>
/// Apollo's automatic persisted queries, stored through <see cref="IDistributedCache"/>: in memory unless the app
/// registers another cache (Redis: <c>AddStackExchangeRedisCache</c>), so every instance behind a load balancer can
/// share them. Bounded by <see cref="PersistedQueryStoreOptions"/>: what this instance stores is held to a budget of
/// entries and bytes (<see cref="PersistedQueryBudget"/>, least used evicted first, at a bounded rate), each entry
/// expires when unused for its lifetime. Every call is time-boxed, never throws, and goes through a circuit breaker
/// (<see cref="StoreBreaker"/>): a store that is down or slow makes a hash-only request a <c>PersistedQueryNotFound</c>
/// (the client then sends the whole query), never a 5xx, and costs one time-boxed call per breaker period.
/// </summary>
internal sealed class PersistedQueryStore
{
    private const string KeyPrefix = "popcorn:pq:";

    private readonly IDistributedCache _cache;
    private readonly PersistedQueryBudget _budget;
    private readonly StoreBreaker _breaker;
    private readonly DistributedCacheEntryOptions _entryOptions;

    public PersistedQueryStore(IDistributedCache cache, IOptions<PopcornOptions> options, ILogger<PersistedQueryStore> logger)
    {
        var settings = options.Value.PersistedQueryStore;
        var time = TimeProvider.System;
        _cache = cache;
        _budget = new PersistedQueryBudget(settings, time);
        Outage = new OutageEpisode("The persisted-query store", logger, time);
        _breaker = new StoreBreaker(settings.BreakerPeriod, Outage, time);
        _entryOptions = new() { SlidingExpiration = settings.Lifetime };
    }

    /// <summary>This instance's account of what it stored (for tests and diagnostics).</summary>
    internal PersistedQueryBudget Budget => _budget;

    /// <summary>The store's outage episodes (for tests and diagnostics).</summary>
    internal OutageEpisode Outage { get; }

    /// <summary>The query stored under <paramref name="hash"/>; null when there is none or the store did not answer in time.</summary>
    public Task<string?> FindAsync(string hash, CancellationToken requestAborted)
    {
        string key = Key(hash);
        return _breaker.RunAsync(async token =>
        {
            string? text = await _cache.GetStringAsync(key, token);
            if (text is null)
            {
                _budget.Forget(key);
            }
            else
            {
                _budget.Used(key);
            }

            return text;
        }, requestAborted);
    }

    /// <summary>
    /// Stores <paramref name="query"/> under its hash when the budget admits it (evicting what it says first); false
    /// when it was not stored: over the budget's eviction rate, or the store did not answer (logged once per outage).
    /// </summary>
    public async Task<bool> SaveAsync(string hash, string query, CancellationToken requestAborted)
    {
        string key = Key(hash);
        var admission = _budget.Admit(key, Encoding.UTF8.GetByteCount(query));
        if (!admission.Admitted)
        {
            return false;
        }

        foreach (string evicted in admission.Evicted)
        {
            await _breaker.RunAsync<object>(async token =>
            {
                await _cache.RemoveAsync(evicted, token);
                return null;
            }, requestAborted);
        }

        bool stored = await _breaker.RunAsync(async token =>
        {
            await _cache.SetStringAsync(key, query, _entryOptions, token);
            return true;
        }, requestAborted);
        if (!stored)
        {
            _budget.Forget(key);
        }

        return stored;
    }

    private static string Key(string hash) => KeyPrefix + hash.ToLowerInvariant();
}

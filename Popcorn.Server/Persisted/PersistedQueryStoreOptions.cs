namespace Popcorn.Server;

/// <summary>
/// How much the store of automatic persisted queries may hold, how fast a flood may change it, and how an outage of
/// the store is handled. Each instance keeps its own account of the entries it stored (a shared Redis holds at most
/// the sum over instances). The defaults suit a public endpoint; see docs/persisted-queries.md.
/// </summary>
public sealed record PersistedQueryStoreOptions
{
    /// <summary>The defaults: 10,000 entries, 32 MiB, 7 days unused, 60 evictions a minute, a 5 s breaker period.</summary>
    public static readonly PersistedQueryStoreOptions Default = new();

    /// <summary>Most entries this instance keeps in the store. Past it, storing a new one evicts the least used.</summary>
    public int MaxEntries { get; init; } = 10_000;

    /// <summary>Most bytes (UTF-8 text) this instance keeps in the store. Past it, storing a new one evicts the least used.</summary>
    public long MaxBytes { get; init; } = 32L * 1024 * 1024;

    /// <summary>An entry not asked for in this long is dropped by the store itself (each use renews it; Redis's TTL).</summary>
    public TimeSpan Lifetime { get; init; } = TimeSpan.FromDays(7);

    /// <summary>
    /// Most entries evicted per minute to make room for new ones: once the budget is full, a new entry is admitted
    /// only while this allows, so a flood of new texts replaces at most this many stored ones a minute (and the least
    /// used first). A text that is not admitted still runs; it is just not stored.
    /// </summary>
    public int EvictionsPerMinute { get; init; } = 60;

    /// <summary>
    /// After a store call fails or times out, the store is left alone for this long (requests go on without it), then
    /// one call tries it again: an outage costs one time-boxed call per period, not one per request.
    /// </summary>
    public TimeSpan BreakerPeriod { get; init; } = TimeSpan.FromSeconds(5);
}

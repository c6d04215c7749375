using System.Collections.Concurrent;

namespace Popcorn.Server;

/// <summary>
/// This instance's account of the persisted queries it stored: how many, how many bytes, how often each was used. It
/// decides whether a new text may be stored and which entries make room for it: none while the budget
/// (<see cref="PersistedQueryStoreOptions.MaxEntries"/>, <see cref="PersistedQueryStoreOptions.MaxBytes"/>) has room;
/// once full, the least used (then the least recently used) are evicted, at most
/// <see cref="PersistedQueryStoreOptions.EvictionsPerMinute"/> a minute (a token bucket holding a minute's worth), so
/// a flood of new texts cannot push out the entries clients use faster than that. The account lives in the process:
/// entries stored before a restart are not counted and leave by their <see cref="PersistedQueryStoreOptions.Lifetime"/>.
/// </summary>
internal sealed class PersistedQueryBudget(PersistedQueryStoreOptions options, TimeProvider time)
{
    /// <summary>What to do with a new text: store it or not, and which stored hashes to remove first.</summary>
    public readonly record struct Admission(bool Admitted, IReadOnlyList<string> Evicted);

    private static readonly Admission s_admitted = new(true, []);
    private static readonly Admission s_refused = new(false, []);

    private readonly ConcurrentDictionary<string, Entry> _entries = new(StringComparer.Ordinal);
    private readonly Lock _gate = new();
    private readonly long _lifetimeTicks = (long)(options.Lifetime.TotalSeconds * time.TimestampFrequency);
    private long _bytes;
    private double _tokens = options.EvictionsPerMinute;
    private long _refilledAt = time.GetTimestamp();
    private long _sweptAt = time.GetTimestamp();

    /// <summary>Entries this instance holds in the store (as far as it knows).</summary>
    public int Count => _entries.Count;

    /// <summary>Bytes of text this instance holds in the store (as far as it knows).</summary>
    public long Bytes => Interlocked.Read(ref _bytes);

    /// <summary>A stored entry was asked for: it counts as used (the eviction order), and its lifetime starts again.</summary>
    public void Used(string hash)
    {
        if (_entries.TryGetValue(hash, out var entry))
        {
            Interlocked.Increment(ref entry.Uses);
            Interlocked.Exchange(ref entry.LastUsed, time.GetTimestamp());
        }
    }

    /// <summary>The store no longer has the entry (it expired, or another instance evicted it).</summary>
    public void Forget(string hash)
    {
        lock (_gate)
        {
            if (_entries.TryRemove(hash, out var entry))
            {
                _bytes -= entry.Bytes;
            }
        }
    }

    /// <summary>Whether a new text of <paramref name="bytes"/> may be stored under <paramref name="hash"/>, and what it evicts.</summary>
    public Admission Admit(string hash, long bytes)
    {
        long now = time.GetTimestamp();
        lock (_gate)
        {
            if (_entries.TryGetValue(hash, out var known))
            {
                known.LastUsed = now;
                return s_admitted; // stored again (it had expired, or another instance dropped it): nothing new to make room for
            }

            if (!Fits(bytes))
            {
                SweepExpired(now);
            }

            List<string>? evicted = null;
            if (!Fits(bytes))
            {
                Refill(now);
                evicted = PickVictims(bytes);
                if (evicted is null || evicted.Count > _tokens)
                {
                    return s_refused;
                }

                _tokens -= evicted.Count;
                foreach (string victim in evicted)
                {
                    _entries.TryRemove(victim, out var gone);
                    _bytes -= gone!.Bytes;
                }
            }

            _entries[hash] = new Entry { Bytes = bytes, LastUsed = now };
            _bytes += bytes;
            return evicted is null ? s_admitted : new Admission(true, evicted);
        }
    }

    private bool Fits(long bytes) => _entries.Count < options.MaxEntries && _bytes + bytes <= options.MaxBytes;

    /// <summary>Drops the entries the store has let expire: free room, no eviction spent. At most once a minute (it scans).</summary>
    private void SweepExpired(long now)
    {
        if (now - _sweptAt < time.TimestampFrequency * 60)
        {
            return;
        }

        _sweptAt = now;
        foreach (var (hash, entry) in _entries)
        {
            if (now - Interlocked.Read(ref entry.LastUsed) > _lifetimeTicks && _entries.TryRemove(hash, out _))
            {
                _bytes -= entry.Bytes;
            }
        }
    }

    private void Refill(long now)
    {
        double minutes = (now - _refilledAt) / (double)time.TimestampFrequency / 60;
        _tokens = Math.Min(options.EvictionsPerMinute, _tokens + (minutes * options.EvictionsPerMinute));
        _refilledAt = now;
    }

    /// <summary>
    /// The least used entries (ties: the least recently used) whose removal makes room; null when no eviction is
    /// allowed now or the text would not fit in an empty budget. One scan per victim: evictions are rate-bounded.
    /// </summary>
    private List<string>? PickVictims(long bytes)
    {
        if (_tokens < 1 || bytes > options.MaxBytes)
        {
            return null;
        }

        var victims = new List<string>();
        int count = _entries.Count;
        long held = _bytes;
        while ((count >= options.MaxEntries || held + bytes > options.MaxBytes) && victims.Count < _tokens)
        {
            string? victim = null;
            Entry? least = null;
            foreach (var (hash, entry) in _entries)
            {
                if (!victims.Contains(hash) && (least is null || entry.Uses < least.Uses || (entry.Uses == least.Uses && entry.LastUsed < least.LastUsed)))
                {
                    (victim, least) = (hash, entry);
                }
            }

            if (victim is null)
            {
                return null;
            }

            victims.Add(victim);
            count--;
            held -= least!.Bytes;
        }

        return count < options.MaxEntries && held + bytes <= options.MaxBytes ? victims : null;
    }

    private sealed class Entry
    {
        public long Bytes;
        public long Uses;
        public long LastUsed;
    }
}

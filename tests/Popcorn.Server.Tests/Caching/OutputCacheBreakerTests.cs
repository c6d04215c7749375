using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

/// <summary>
/// The output cache store behind <c>AddPopcornOutputCacheTimeBox()</c> on a store that goes down and comes back: no
/// call throws, the store is tried once per two seconds while it is down (not once per request), the outage is one
/// warning and one line with the count, evictions are still tried, and caching resumes by itself.
/// (The same against a real Redis killed and restarted: tests/Popcorn.ScaleOut.Tests, ResponseCacheScaleOutTests.)
/// </summary>
public class OutputCacheBreakerTests
{
    [Fact]
    public async Task StoreDown_IsTriedOncePerPeriod_LoggedAsOneEpisode_AndUsedAgainWhenItReturns()
    {
        var inner = new SwitchableStore();
        using var logs = new LogCapture("Popcorn.Server.TimeBoxedOutputCacheStore");
        using var factory = LoggerFactory.Create(b => b.AddProvider(logs).SetMinimumLevel(LogLevel.Debug));
        var store = new TimeBoxedOutputCacheStore(inner, ownsStore: false, factory.CreateLogger<TimeBoxedOutputCacheStore>(), TimeProvider.System);
        await store.SetAsync("k", [1, 2, 3], null, TimeSpan.FromMinutes(1), default);

        inner.Down = true;
        int callsBefore = inner.Calls;
        for (int i = 0; i < 20; i++)
        {
            (await store.GetAsync("k", default)).ShouldBeNull();
            await store.SetAsync("k2", [4], null, TimeSpan.FromMinutes(1), default);
        }

        // 40 calls within one period (each fails at once): the store was tried once; a slow machine may let the
        // period pass once or twice. 40 would mean no breaker.
        (inner.Calls - callsBefore).ShouldBeInRange(1, 3);
        int beforeEviction = inner.Calls;
        await store.EvictByTagAsync("tag", default);
        inner.Calls.ShouldBe(beforeEviction + 1, "an eviction is tried even while the store is skipped");

        inner.Down = false;
        byte[]? found = null;
        for (int attempt = 0; attempt < 50 && found is null; attempt++)
        {
            await Task.Delay(100);
            found = await store.GetAsync("k", default);
        }

        found.ShouldBe([1, 2, 3], "the store was not used again after it came back");
        var entries = logs.Entries.Where(e => e.EventId is 20 or 21).ToList();
        entries.Select(e => e.EventId).ShouldBe([20, 21]);
        entries[0].Level.ShouldBe(LogLevel.Warning);
        entries[0].Message.ShouldContain("The output cache store unavailable since");
        var count = System.Text.RegularExpressions.Regex.Match(entries[1].Message, @"and (\d+) requests went without it meanwhile\.");
        count.Success.ShouldBeTrue(entries[1].Message);
        int.Parse(count.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture).ShouldBeGreaterThanOrEqualTo(40);
    }

    /// <summary>A dictionary store whose server can be taken down (every call throws) and brought back, counting calls.</summary>
    private sealed class SwitchableStore : IOutputCacheStore
    {
        private readonly Dictionary<string, byte[]> _entries = [];
        private int _calls;

        public volatile bool Down;

        public int Calls => Volatile.Read(ref _calls);

        public async ValueTask EvictByTagAsync(string tag, CancellationToken cancellationToken) => await CheckAsync();

        public async ValueTask<byte[]?> GetAsync(string key, CancellationToken cancellationToken)
        {
            await CheckAsync();
            lock (_entries)
            {
                return _entries.GetValueOrDefault(key);
            }
        }

        public async ValueTask SetAsync(string key, byte[] value, string[]? tags, TimeSpan validFor, CancellationToken cancellationToken)
        {
            await CheckAsync();
            lock (_entries)
            {
                _entries[key] = value;
            }
        }

        private async Task CheckAsync()
        {
            Interlocked.Increment(ref _calls);
            await Task.Yield();
            if (Down)
            {
                throw new InvalidOperationException("The cache server is down.");
            }
        }
    }
}

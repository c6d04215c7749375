using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Popcorn.Server.Tests;

/// <summary>
/// The circuit breaker around the persisted-query store, on a store that goes down and comes back: one call per
/// breaker period while it is down, one warning for the whole outage, one line with the count when it is back.
/// </summary>
public class PersistedQueryBreakerTests
{
    [Fact]
    public async Task StoreDown_IsCalledOncePerBreakerPeriod_LoggedOnce_AndFoundAgainWhenItReturns()
    {
        var cache = new SwitchableCache();
        var app = TestHostApp.Build(
            ["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=Warning", "--Popcorn:PersistedQueryStore:BreakerPeriod=00:00:01"],
            services => services.AddSingleton<IDistributedCache>(cache));
        await app.StartAsync();
        try
        {
            using var logs = LogCapture.Attach(app.Services, "Popcorn.Server.PersistedQueryStore");
            using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
            const string query = "{ car(id: 1) { make } } # breaker";
            string hash = PersistedQueryTests.Sha256(query);
            (await PersistedQueryTests.PostAsync(client, query, hash)).Status.ShouldBe(200);

            cache.Down = true;
            int callsBefore = cache.Calls;
            for (int i = 0; i < 20; i++)
            {
                var (status, body) = await PersistedQueryTests.PostAsync(client, null, hash);
                (status, body["errors"]![0]!["message"]!.GetValue<string>()).ShouldBe((200, "PersistedQueryNotFound"));
            }

            // 20 requests within one period (each fails at once, well inside a second): the store was tried once. A
            // slow machine may let the period pass once or twice; 20 calls would mean no breaker at all.
            (cache.Calls - callsBefore).ShouldBeInRange(1, 3);

            cache.Down = false;
            var found = false;
            for (int attempt = 0; attempt < 100 && !found; attempt++)
            {
                await Task.Delay(100);
                found = (await PersistedQueryTests.PostAsync(client, null, hash)).Body["data"] is not null;
            }

            found.ShouldBeTrue("the store was not found again after it came back");
            var entries = logs.Entries.Where(e => e.EventId is 20 or 21).ToList();
            entries.Select(e => e.EventId).ShouldBe([20, 21]);
            entries[0].Level.ShouldBe(LogLevel.Warning);
            entries[0].Message.ShouldContain("The persisted-query store unavailable since");
            // The 20 requests of the outage, and those of the wait for the next trial.
            var count = System.Text.RegularExpressions.Regex.Match(entries[1].Message, @"available again: .* and (\d+) requests went without it meanwhile\.");
            count.Success.ShouldBeTrue(entries[1].Message);
            int.Parse(count.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture).ShouldBeGreaterThanOrEqualTo(20);
        }
        finally
        {
            await app.DisposeAsync();
        }
    }

    /// <summary>An in-memory cache whose server can be taken down (every call throws) and brought back, counting calls.</summary>
    private sealed class SwitchableCache : IDistributedCache
    {
        private readonly MemoryDistributedCache _inner = new(Options.Create(new MemoryDistributedCacheOptions()));
        private int _calls;

        public volatile bool Down;

        public int Calls => Volatile.Read(ref _calls);

        public byte[]? Get(string key) => Check() ?? _inner.Get(key);

        public async Task<byte[]?> GetAsync(string key, CancellationToken token = default)
        {
            await CheckAsync();
            return await _inner.GetAsync(key, token);
        }

        public void Refresh(string key) => _inner.Refresh(key);

        public async Task RefreshAsync(string key, CancellationToken token = default)
        {
            await CheckAsync();
            await _inner.RefreshAsync(key, token);
        }

        public void Remove(string key) => _inner.Remove(key);

        public async Task RemoveAsync(string key, CancellationToken token = default)
        {
            await CheckAsync();
            await _inner.RemoveAsync(key, token);
        }

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => _inner.Set(key, value, options);

        public async Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default)
        {
            await CheckAsync();
            await _inner.SetAsync(key, value, options, token);
        }

        private byte[]? Check() => Down ? throw new InvalidOperationException("The cache server is down.") : null;

        private async Task CheckAsync()
        {
            Interlocked.Increment(ref _calls);
            await Task.Yield();
            Check();
        }
    }
}

using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Caching.Distributed;
using StackExchange.Redis;

namespace Popcorn.Playground.Scaling;

/// <summary>
/// Opens the Redis connection and runs one call through each shared store while the instance starts, before it
/// listens. Without it the first request of a new instance paid the connection and the first-call JIT of the Redis
/// client inside the stores' 500 ms time-box, and on a busy machine lost: a query persisted through a fresh instance
/// was not stored, a response not cached. Bounded by <see cref="Limit"/>: Redis being down delays the start by at most
/// that, never stops it (the stores reconnect by themselves, docs/scale-out.md).
/// </summary>
internal sealed partial class SharedCacheWarmUp(
    SharedRedisConnection connection, IDistributedCache cache, IOutputCacheStore responses, ILogger<SharedCacheWarmUp> logger) : IHostedService
{
    /// <summary>The longest the warm-up may hold the start.</summary>
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(5);

    private const string Key = "popcorn-playground:warm-up";

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        try
        {
            await WarmUpAsync(cancellationToken).WaitAsync(Limit, cancellationToken);
        }
        catch (Exception e) when (e is TimeoutException or RedisException && !cancellationToken.IsCancellationRequested)
        {
            LogNotAnswered(logger, Limit.TotalSeconds, e.Message);
        }
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    private async Task WarmUpAsync(CancellationToken cancellationToken)
    {
        var redis = await connection.GetAsync();
        await redis.GetDatabase().PingAsync();
        await cache.GetAsync(Key, cancellationToken);
        await responses.GetAsync(Key, cancellationToken);
    }

    [LoggerMessage(EventId = 30, Level = LogLevel.Warning,
        Message = "Redis did not answer within {Seconds} s of the start ({Reason}); the instance starts without it and its shared stores connect when Redis answers.")]
    private static partial void LogNotAnswered(ILogger logger, double seconds, string reason);
}

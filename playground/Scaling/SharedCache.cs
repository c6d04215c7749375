using StackExchange.Redis;

namespace Popcorn.Playground.Scaling;

/// <summary>
/// Where the playground keeps what its instances share (Apollo's persisted queries, through
/// <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/>): Redis when
/// <c>ConnectionStrings:Redis</c> is set, else nothing is registered here and <c>AddPopcorn</c>'s in-memory cache
/// stays, so <c>dotnet run --project playground</c> needs no Redis. See docs/scale-out.md.
/// </summary>
public static class SharedCache
{
    /// <summary>The connection string's name: <c>ConnectionStrings:Redis</c>, or <c>ConnectionStrings__Redis</c> in the environment.</summary>
    public const string ConnectionStringName = "Redis";

    /// <summary>Registers Redis as the app's <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/> when it is configured.</summary>
    public static void AddSharedCache(this IServiceCollection services, IConfiguration configuration)
    {
        string? connectionString = configuration.GetConnectionString(ConnectionStringName);
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            return;
        }

        var redis = ConfigurationOptions.Parse(connectionString);
        // Start and keep reconnecting even while Redis is down: Popcorn time-boxes every store call and goes on
        // without it, so an instance must neither refuse to start nor give up on Redis for good.
        redis.AbortOnConnectFail = false;
        services.AddStackExchangeRedisCache(options => options.ConfigurationOptions = redis);
    }
}

using StackExchange.Redis;

namespace Popcorn.Playground.Scaling;

/// <summary>
/// Where the playground keeps what its instances share: Apollo's persisted queries (through
/// <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/>) and cached responses (ASP.NET Core's
/// output cache). In Redis when <c>ConnectionStrings:Redis</c> is set; else in each instance's memory
/// (<c>AddPopcorn</c>'s in-memory cache, <c>AddOutputCache</c>'s memory store), so
/// <c>dotnet run --project playground</c> needs no Redis. See docs/scale-out.md and docs/caching.md.
/// </summary>
public static class SharedCache
{
    /// <summary>The connection string's name: <c>ConnectionStrings:Redis</c>, or <c>ConnectionStrings__Redis</c> in the environment.</summary>
    public const string ConnectionStringName = "Redis";

    /// <summary>The prefix of the playground's output cache keys in Redis (the persisted queries' is <c>popcorn:pq:</c>).</summary>
    public const string OutputCachePrefix = "popcorn-playground:oc:";

    /// <summary>Registers the output cache, and Redis as the app's shared stores when it is configured.</summary>
    public static void AddSharedCache(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOutputCache();
        string? connectionString = configuration.GetConnectionString(ConnectionStringName);
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            return;
        }

        var redis = ConfigurationOptions.Parse(connectionString);
        // Start and keep reconnecting even while Redis is down: every store call is time-boxed and the request goes
        // on without it, so an instance must neither refuse to start nor give up on Redis for good.
        redis.AbortOnConnectFail = false;
        var connection = new SharedRedisConnection(redis);
        services.AddSingleton(connection);
        services.AddStackExchangeRedisCache(options => options.ConnectionMultiplexerFactory = connection.GetAsync);
        services.AddStackExchangeRedisOutputCache(options =>
        {
            options.ConnectionMultiplexerFactory = connection.GetAsync;
            options.InstanceName = OutputCachePrefix;
        });
        services.AddPopcornOutputCacheTimeBox(); // after the Redis store, which it wraps
        services.AddHostedService<SharedCacheWarmUp>();
    }
}

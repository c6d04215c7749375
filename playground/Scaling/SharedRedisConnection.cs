using StackExchange.Redis;

namespace Popcorn.Playground.Scaling;

/// <summary>
/// The one connection to Redis both shared stores use (persisted queries and cached responses), opened on first use.
/// One connection rather than one per store: half the sockets and reconnect loops, and one thing for
/// <see cref="SharedCacheWarmUp"/> to open before the first request.
/// </summary>
internal sealed class SharedRedisConnection(ConfigurationOptions options)
{
    // With AbortOnConnectFail off (SharedCache), ConnectAsync does not throw while Redis is down: it returns a
    // connection that keeps reconnecting, so the task cached here never holds a passing outage.
    private readonly Lazy<Task<IConnectionMultiplexer>> _connection = new(async () => await ConnectionMultiplexer.ConnectAsync(options));

    /// <summary>The connection, for the stores' <c>ConnectionMultiplexerFactory</c>.</summary>
    public Task<IConnectionMultiplexer> GetAsync() => _connection.Value;
}

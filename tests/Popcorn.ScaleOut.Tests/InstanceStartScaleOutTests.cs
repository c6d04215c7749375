using System.Net;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// An instance connects to Redis while it starts, not inside its first requests' 500 ms time-boxes (where a busy
/// machine lost the first persisted query: docs/scale-out.md), and its two shared stores use that one connection.
/// </summary>
public class InstanceStartScaleOutTests
{
    [RedisFact]
    public async Task StartedInstance_IsConnectedBeforeItsFirstRequest_AndItsStoresOpenNoOtherConnection()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var instance = await PlaygroundInstance.StartAsync(redis.ConnectionString);

        int atStart = await redis.ConnectedClientsAsync();
        string query = "{ car(id: 1) { make } }";
        var (persistedStatus, _) = await instance.PostPersistedAsync(query, PlaygroundInstance.Sha256(query));
        using var cached = await instance.GetAsync("/api/employees", "[id,email]");
        int afterBothStores = await redis.ConnectedClientsAsync();

        atStart.ShouldBeGreaterThan(0, "the instance had not connected to Redis when it started listening");
        persistedStatus.ShouldBe(200);
        cached.StatusCode.ShouldBe(HttpStatusCode.OK);
        afterBothStores.ShouldBe(atStart, "the persisted-query store or the output cache opened a connection of its own");
    }
}

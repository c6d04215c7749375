using StackExchange.Redis;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// The persisted-query store's budget against a real Redis (docs/persisted-queries.md, "What the store holds"): a
/// flood of new texts through one instance leaves Redis holding the budget's entries, each with its TTL, and the
/// entries clients use still served by the other instance; texts no request could run never reach Redis.
/// </summary>
public class PersistedQueryBudgetScaleOutTests
{
    private const string KeyPattern = "popcorn:pq:*";

    [RedisFact]
    public async Task FloodThroughOneInstance_LeavesRedisWithinTheBudget_WithTtls_AndTheUsedEntriesServed()
    {
        await using var redis = await RedisServer.StartAsync();
        string[] budget = ["--Popcorn:PersistedQueryStore:MaxEntries=10", "--Popcorn:PersistedQueryStore:EvictionsPerMinute=3", "--Popcorn:PersistedQueryStore:Lifetime=01:00:00"];
        await using var a = await PlaygroundInstance.StartAsync(redis.ConnectionString, budget);
        await using var b = await PlaygroundInstance.StartAsync(redis.ConnectionString, budget);
        using var connection = await ConnectionMultiplexer.ConnectAsync(redis.ConnectionString);
        var server = connection.GetServer(connection.GetEndPoints()[0]);

        string[] used = [.. Enumerable.Range(0, 4).Select(i => $"{{ car(id: {i % 3 + 1}) {{ make }} }} # used {i}")];
        foreach (string text in used)
        {
            (await a.PostPersistedAsync(text, PlaygroundInstance.Sha256(text))).Status.ShouldBe(200);
            (await a.PostPersistedAsync(null, PlaygroundInstance.Sha256(text))).Body["data"].ShouldNotBeNull();
        }

        string overLong = "{ cars { make } } #" + new string('x', 9000);
        (await a.PostPersistedAsync(overLong, PlaygroundInstance.Sha256(overLong))).Status.ShouldBe(400);
        for (int i = 0; i < 60; i++)
        {
            string flood = $"{{ cars {{ model }} }} # flood {i}";
            (await a.PostPersistedAsync(flood, PlaygroundInstance.Sha256(flood))).Status.ShouldBe(200);
        }

        var keys = server.Keys(pattern: KeyPattern).ToList();
        keys.Count.ShouldBe(10);
        foreach (var key in keys)
        {
            var ttl = await connection.GetDatabase().KeyTimeToLiveAsync(key);
            ttl.ShouldNotBeNull($"{key} has no TTL");
            ttl.Value.ShouldBeLessThanOrEqualTo(TimeSpan.FromHours(1));
        }

        keys.ShouldNotContain(k => k.ToString().EndsWith(PlaygroundInstance.Sha256(overLong), StringComparison.Ordinal));
        foreach (string text in used)
        {
            (await b.PostPersistedAsync(null, PlaygroundInstance.Sha256(text))).Body["data"].ShouldNotBeNull($"'{text}' was evicted by the flood");
        }
    }
}

using System.Diagnostics;
using System.Text.Json.Nodes;
using Xunit.Abstractions;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// Two playground instances sharing one Redis: Apollo's persisted queries cross instances, an outage degrades to
/// <c>PersistedQueryNotFound</c> (never a 5xx), and a restart of Redis brings persisting back. Each test has its own
/// Redis and its own two instances. The figures printed here are the ones docs/scale-out.md quotes.
/// </summary>
public class PersistedQueryScaleOutTests(ITestOutputHelper output)
{
    private const string NotFound = "PERSISTED_QUERY_NOT_FOUND";

    [RedisFact]
    public async Task QueryPersistedThroughOneInstance_IsServedByTheOtherByHashAlone()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var a = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await using var b = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        string query = UniqueQuery();
        string hash = PlaygroundInstance.Sha256(query);

        var (missStatus, miss) = await b.PostPersistedAsync(null, hash);
        var (storeStatus, stored) = await a.PostPersistedAsync(query, hash);
        var (hitStatus, hit) = await b.PostPersistedAsync(null, hash);

        (missStatus, Code(miss)).ShouldBe((200, NotFound));
        storeStatus.ShouldBe(200);
        hitStatus.ShouldBe(200);
        hit["data"]!.ToJsonString().ShouldBe(stored["data"]!.ToJsonString());
        hit["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
        await ReportHashOnlyLatencyAsync(b, hash);
    }

    [RedisFact]
    public async Task RedisKilled_HashOnlyIsPersistedQueryNotFound_FullQueriesWork_AndPersistingResumesAfterRestart()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var a = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await using var b = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        string before = UniqueQuery();
        (await a.PostPersistedAsync(before, PlaygroundInstance.Sha256(before))).Status.ShouldBe(200);
        (await b.PostPersistedAsync(null, PlaygroundInstance.Sha256(before))).Status.ShouldBe(200);

        redis.Kill();
        string during = UniqueQuery();
        var outage = Stopwatch.StartNew();
        var (hashOnlyStatus, hashOnly) = await b.PostPersistedAsync(null, PlaygroundInstance.Sha256(before));
        long hashOnlyMs = outage.ElapsedMilliseconds;
        var (fullStatus, full) = await a.PostPersistedAsync(during, PlaygroundInstance.Sha256(during));
        long fullMs = outage.ElapsedMilliseconds - hashOnlyMs;
        var (unknownStatus, unknown) = await b.PostPersistedAsync(null, PlaygroundInstance.Sha256(during));

        (hashOnlyStatus, Code(hashOnly)).ShouldBe((200, NotFound));
        fullStatus.ShouldBe(200);
        full["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
        (unknownStatus, Code(unknown)).ShouldBe((200, NotFound));
        output.WriteLine($"Redis down: hash-only answered PersistedQueryNotFound in {hashOnlyMs} ms, the full query with its hash in {fullMs} ms.");

        await redis.RestartAsync();
        var restarted = Stopwatch.StartNew();
        string after = UniqueQuery();
        string afterHash = PlaygroundInstance.Sha256(after);
        var statuses = new HashSet<int>();
        while (true)
        {
            // The client's part of Apollo's protocol: send the query with its hash, then the hash alone elsewhere.
            var (storeStatus, _) = await a.PostPersistedAsync(after, afterHash);
            var (hitStatus, hit) = await b.PostPersistedAsync(null, afterHash);
            statuses.Add(storeStatus);
            statuses.Add(hitStatus);
            if (hitStatus == 200 && hit["data"] is not null)
            {
                break;
            }

            restarted.Elapsed.ShouldBeLessThan(TimeSpan.FromSeconds(30), "persisting did not resume within 30 s of Redis restarting");
            await Task.Delay(100);
        }

        statuses.ShouldBe([200], ignoreOrder: true);
        output.WriteLine($"Redis restarted: a query persisted through one instance was served by hash on the other {restarted.ElapsedMilliseconds} ms later.");
    }

    /// <summary>A query text no earlier run stored (Redis is fresh per test, but the text must be new within one).</summary>
    private static string UniqueQuery() => "{ car(id: 2) { make model } } # " + Guid.NewGuid();

    private static string? Code(JsonNode body) => body["errors"]?[0]?["extensions"]?["code"]?.GetValue<string>();

    /// <summary>Prints the median and 95th percentile of hash-only requests answered by the instance that did not store the query.</summary>
    private async Task ReportHashOnlyLatencyAsync(PlaygroundInstance other, string hash)
    {
        const int Requests = 200;
        var times = new double[Requests];
        for (int i = 0; i < Requests; i++)
        {
            var watch = Stopwatch.StartNew();
            (await other.PostPersistedAsync(null, hash)).Status.ShouldBe(200);
            times[i] = watch.Elapsed.TotalMilliseconds;
        }

        Array.Sort(times);
        output.WriteLine($"Hash-only on the other instance, {Requests} sequential requests: median {times[Requests / 2]:F2} ms, p95 {times[Requests * 95 / 100]:F2} ms.");
    }
}

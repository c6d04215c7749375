using System.Diagnostics;
using System.Net;
using Xunit.Abstractions;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// Two playground instances sharing one Redis as their output cache store: a response cached through one is served by
/// the other (for any spelling of the same selection), an outage degrades to uncached 200s within the time box (never
/// a 5xx), and caching resumes when Redis is back. A response served from the output cache carries an <c>Age</c>
/// header; one the handler wrote does not. The figures printed here are the ones docs/caching.md quotes.
/// </summary>
public class ResponseCacheScaleOutTests(ITestOutputHelper output)
{
    [RedisFact]
    public async Task ResponseCachedThroughOneInstance_IsServedByTheOther_ForAnySpellingOfTheSelection()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var a = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await using var b = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await PlaygroundInstance.UntilSharedAsync(a, b, "connected");

        using var written = await a.GetAsync("/api/employees", "[id,email,department[name]]");
        await a.UntilStoredAsync("/api/employees", "[id,email,department[name]]");
        using var served = await b.GetAsync("/api/employees", "{ department { name } email id }");

        written.StatusCode.ShouldBe(HttpStatusCode.OK);
        written.Headers.Age.ShouldBeNull();
        served.StatusCode.ShouldBe(HttpStatusCode.OK);
        served.Headers.Age.ShouldNotBeNull("instance B answered from the entry instance A stored in Redis");
        (await served.Content.ReadAsStringAsync()).ShouldBe(await written.Content.ReadAsStringAsync());
        served.Headers.ETag.ShouldBe(written.Headers.ETag);
        await ReportLatencyAndSavingsAsync(a, b);
    }

    [RedisFact]
    public async Task RedisKilled_CachedEndpointsAnswerUncachedWithinTheTimeBox_AndCachingResumesAfterRestart()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var a = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await using var b = await PlaygroundInstance.StartAsync(redis.ConnectionString);
        await PlaygroundInstance.UntilSharedAsync(a, b, "before");

        redis.Kill();
        var statuses = new List<int>();
        var times = new List<double>();
        for (int i = 0; i < 40; i++)
        {
            var instance = i % 2 == 0 ? a : b;
            var watch = Stopwatch.StartNew();
            using var response = await instance.GetAsync("/api/cars", "[make]");
            times.Add(watch.Elapsed.TotalMilliseconds);
            statuses.Add((int)response.StatusCode);
            response.Headers.Age.ShouldBeNull("nothing can be served from a store that is down");
            (await response.Content.ReadAsStringAsync()).ShouldContain("\"make\"");
        }

        times.Sort();
        output.WriteLine($"Redis down: 40 GETs over both instances, statuses {string.Join(",", statuses.Distinct())}; median {times[20]:F1} ms, max {times[^1]:F1} ms.");
        statuses.ShouldAllBe(status => status == 200);
        times[^1].ShouldBeLessThan(2_500, "a request waited on Redis past the time box (twice 500 ms: a lookup and a write)");

        await redis.RestartAsync();
        var recovered = await PlaygroundInstance.UntilSharedAsync(a, b, "after");
        output.WriteLine($"Redis restarted: a response cached through one instance was served by the other {recovered.TotalMilliseconds:F0} ms later.");
    }

    /// <summary>Prints hit and miss latency through Redis, and the bytes a 304 saves, for docs/caching.md.</summary>
    private async Task ReportLatencyAndSavingsAsync(PlaygroundInstance a, PlaygroundInstance b)
    {
        const int Requests = 200;
        const string Selection = "[!all]";
        var hits = new List<double>(Requests);
        var misses = new double[Requests];
        int uncachedReads = 0;
        using (await a.GetAsync("/api/employees", Selection)) { }
        await a.UntilStoredAsync("/api/employees", Selection);
        for (int i = 0; i < Requests; i++)
        {
            var watch = Stopwatch.StartNew();
            using (var hit = await b.GetAsync("/api/employees", Selection))
            {
                await hit.Content.ReadAsByteArrayAsync();
                // Timed as a hit only when it was one: on this loaded machine a Redis call past the 500 ms time box
                // makes the instance skip the store for 2 s (by design), and those reads are counted, not timed.
                if (hit.Headers.Age is null)
                {
                    uncachedReads++;
                }
                else
                {
                    hits.Add(watch.Elapsed.TotalMilliseconds);
                }
            }

            watch.Restart();
            using (var miss = await b.GetAsync("/api/employees", Selection, $"miss={i}"))
            {
                await miss.Content.ReadAsByteArrayAsync();
                misses[i] = watch.Elapsed.TotalMilliseconds;
                miss.Headers.Age.ShouldBeNull();
            }
        }

        hits.Sort();
        Array.Sort(misses);
        string hitFigures = hits.Count == 0 ? "no hit (the store was skipped throughout)" : $"hit (Redis) median {hits[hits.Count / 2]:F2} ms, p95 {hits[hits.Count * 95 / 100]:F2} ms";
        output.WriteLine($"{Requests} sequential GETs of /api/employees?include=[!all] on the other instance: {hitFigures}, {uncachedReads} served uncached; miss (handler, then a Redis write) median {misses[Requests / 2]:F2} ms, p95 {misses[Requests * 95 / 100]:F2} ms.");

        using var full = await b.GetAsync("/api/employees", Selection);
        long bodyBytes = (await full.Content.ReadAsByteArrayAsync()).LongLength;
        using var conditional = new HttpRequestMessage(HttpMethod.Get, $"/api/employees?include={Uri.EscapeDataString(Selection)}");
        conditional.Headers.IfNoneMatch.Add(full.Headers.ETag!);
        using var notModified = await a.Client.SendAsync(conditional);
        notModified.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        long notModifiedBytes = (await notModified.Content.ReadAsByteArrayAsync()).LongLength;
        output.WriteLine($"If-None-Match with the ETag: 304 with {notModifiedBytes} body bytes instead of {bodyBytes}.");
    }
}

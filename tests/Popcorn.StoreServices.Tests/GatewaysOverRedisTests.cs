using System.Net;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Popcorn.ScaleOut.Tests;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// Two gateway processes of the sample in front of the same services, sharing one Redis (<c>ConnectionStrings:Redis</c>),
/// as two instances behind a load balancer: a query Apollo persisted through one is served by the other by its hash
/// alone, and a REST answer cached through one is served by the other from the entry.
/// </summary>
public sealed class GatewaysOverRedisTests(StoreServicesFixture services) : IClassFixture<StoreServicesFixture>
{
    [RedisFact]
    public async Task TwoGateways_ShareApollosPersistedQueries_AndCachedRestAnswers_ThroughRedis()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var a = await services.StartGatewayAsync("--ConnectionStrings:Redis=" + redis.ConnectionString);
        await using var b = await services.StartGatewayAsync("--ConnectionStrings:Redis=" + redis.ConnectionString);
        using var clientA = Client(a);
        using var clientB = Client(b);

        string query = $"{{ orders(first: 2) {{ id customer {{ name }} }} }} # {Guid.NewGuid():N}";
        string hash = Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(query)));
        var missOnB = await PostPersistedAsync(clientB, null, hash);
        var storedOnA = await PostPersistedAsync(clientA, query, hash);
        var hitOnB = await PostPersistedAsync(clientB, null, hash);

        missOnB["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_NOT_FOUND");
        storedOnA["errors"].ShouldBeNull(storedOnA.ToJsonString());
        hitOnB["errors"].ShouldBeNull(hitOnB.ToJsonString());
        hitOnB["data"]!.ToJsonString().ShouldBe(storedOnA["data"]!.ToJsonString());

        string include = Uri.EscapeDataString($"(first: 3)[id,customer[name],n{Random.Shared.Next(1000):D3}:status]");
        string path = "/api/cached/orders?include=" + include;
        using var written = await clientA.GetAsync(path);
        await UntilStoredAsync(clientA, path);
        using var served = await clientB.GetAsync(path);

        written.StatusCode.ShouldBe(HttpStatusCode.OK, await written.Content.ReadAsStringAsync());
        written.Headers.Age.ShouldBeNull();
        served.StatusCode.ShouldBe(HttpStatusCode.OK);
        served.Headers.Age.ShouldNotBeNull("gateway B answered from the entry gateway A stored in Redis");
        (await served.Content.ReadAsStringAsync()).ShouldBe(await written.Content.ReadAsStringAsync());
    }

    /// <summary>A client of one gateway that names the public host, as behind a load balancer: cached entries are keyed by host.</summary>
    private static HttpClient Client(ServiceProcess gateway)
    {
        var client = new HttpClient { BaseAddress = gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
        client.DefaultRequestHeaders.Host = "store.example";
        return client;
    }

    /// <summary>
    /// Waits until the answer to <paramref name="path"/> is in the shared store: the output cache writes it after the
    /// response has gone, so the gateway is asked again until it answers from the store (an <c>Age</c> header).
    /// </summary>
    private static async Task UntilStoredAsync(HttpClient client, string path)
    {
        var watch = System.Diagnostics.Stopwatch.StartNew();
        while (true)
        {
            using var again = await client.GetAsync(path);
            if (again.Headers.Age is not null)
            {
                return;
            }

            watch.Elapsed.ShouldBeLessThan(TimeSpan.FromSeconds(8), $"GET {path} was not in the store 8 s after it was answered (its entry lives 10 s).");
            await Task.Delay(50);
        }
    }

    private static async Task<JsonNode> PostPersistedAsync(HttpClient client, string? query, string hash)
    {
        var payload = new JsonObject { ["extensions"] = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = hash } } };
        if (query is not null)
        {
            payload["query"] = query;
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        using var response = await client.SendAsync(request);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}

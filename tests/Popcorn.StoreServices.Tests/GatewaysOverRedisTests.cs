using System.Net;
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
        string hash = SharedStoreRequests.Sha256(query);
        var (_, missOnB) = await SharedStoreRequests.PostPersistedAsync(clientB, null, hash);
        var (_, storedOnA) = await SharedStoreRequests.PostPersistedAsync(clientA, query, hash);
        var (_, hitOnB) = await SharedStoreRequests.PostPersistedAsync(clientB, null, hash);

        missOnB["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_NOT_FOUND");
        storedOnA["errors"].ShouldBeNull(storedOnA.ToJsonString());
        hitOnB["errors"].ShouldBeNull(hitOnB.ToJsonString());
        hitOnB["data"]!.ToJsonString().ShouldBe(storedOnA["data"]!.ToJsonString());

        string include = Uri.EscapeDataString($"(first: 3)[id,customer[name],n{Random.Shared.Next(1000):D3}:status]");
        string path = "/api/cached/orders?include=" + include;
        using var written = await clientA.GetAsync(path);
        await SharedStoreRequests.UntilStoredAsync(clientA, path);
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
}

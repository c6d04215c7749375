using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

/// <summary>Apollo's automatic persisted queries at the gateway (Apollo Client's own link runs in tests/GraphQL.Clients.Tests).</summary>
public class PersistedQueryTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    internal static string Sha256(string query) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(query)));

    internal static async Task<(int Status, JsonNode Body)> PostAsync(HttpClient client, string? query, string hash)
    {
        var payload = new JsonObject { ["extensions"] = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = hash } } };
        if (query is not null)
        {
            payload["query"] = query;
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.ParseAdd(TestHostServer.GraphQLResponseMediaType);
        using var response = await client.SendAsync(request);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }

    [Fact]
    public async Task UnknownHash_IsPersistedQueryNotFound_ThenTheQueryWithItsHashIsStoredAndServedByHash()
    {
        // Unique texts per run: the store outlives a test.
        string text = "{ car(id: 2) { make } } # " + Guid.NewGuid();

        var (missStatus, miss) = await PostAsync(server.Client, null, Sha256(text));
        var (storeStatus, stored) = await PostAsync(server.Client, text, Sha256(text));
        var (hitStatus, hit) = await PostAsync(server.Client, null, Sha256(text));

        (missStatus, miss["errors"]![0]!["message"]!.GetValue<string>(), miss["errors"]![0]!["extensions"]!["code"]!.GetValue<string>())
            .ShouldBe((200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"));
        storeStatus.ShouldBe(200);
        hitStatus.ShouldBe(200);
        hit["data"]!.ToJsonString().ShouldBe(stored["data"]!.ToJsonString());
        hit["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
    }

    [Fact]
    public async Task Get_WithTheHashInExtensions_ServesAStoredQuery()
    {
        string text = "{ cars { model } } # " + Guid.NewGuid();
        await PostAsync(server.Client, text, Sha256(text));
        string extensions = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = Sha256(text) } }.ToJsonString();

        var (status, _, body) = await server.GetAsync("/graphql?extensions=" + Uri.EscapeDataString(extensions));

        status.ShouldBe(200);
        JsonNode.Parse(body)!["data"]!["cars"]!.AsArray().Count.ShouldBeGreaterThan(0);
    }

    [Fact]
    public async Task HashThatIsNotTheQuerysSha256_IsRefused()
    {
        var (status, body) = await PostAsync(server.Client, "{ cars { model } }", Sha256("{ cars { make } }"));

        status.ShouldBe(400);
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_HASH_MISMATCH");
        body["data"].ShouldBeNull();
    }

    [Theory]
    [InlineData("""{"persistedQuery":{"version":2,"sha256Hash":"0000000000000000000000000000000000000000000000000000000000000000"}}""")]
    [InlineData("""{"persistedQuery":{"version":1,"sha256Hash":"abc"}}""")]
    [InlineData("""{"persistedQuery":"yes"}""")]
    public async Task MalformedPersistedQueryExtension_IsA400(string extensions)
    {
        using var content = new StringContent("{\"query\":\"{ __typename }\",\"extensions\":" + extensions + "}", Encoding.UTF8, "application/json");
        using var response = await server.Client.PostAsync("/graphql", content);

        ((int)response.StatusCode).ShouldBe(400);
        (await response.Content.ReadAsStringAsync()).ShouldContain("persistedQuery");
    }
}

/// <summary>The store down: hash-only requests degrade to PersistedQueryNotFound, full queries still run; never a 5xx.</summary>
public class PersistedQueryStoreDownTests
{
    [Fact]
    public async Task StoreThatThrowsOrHangs_NeverFailsARequest()
    {
        foreach (var cache in new IDistributedCache[] { new BrokenCache(hang: false), new BrokenCache(hang: true) })
        {
            var app = TestHostApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=None"], services => services.AddSingleton(cache));
            await app.StartAsync();
            try
            {
                using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
                const string query = "{ car(id: 1) { make } }";

                var (missStatus, miss) = await PersistedQueryTests.PostAsync(client, null, PersistedQueryTests.Sha256(query));
                var (fullStatus, full) = await PersistedQueryTests.PostAsync(client, query, PersistedQueryTests.Sha256(query));

                (missStatus, miss["errors"]![0]!["message"]!.GetValue<string>()).ShouldBe((200, "PersistedQueryNotFound"));
                (fullStatus, full["data"]!["car"]!["make"]!.GetValue<string>()).ShouldBe((200, "Volvo"));
            }
            finally
            {
                await app.DisposeAsync();
            }
        }
    }

    /// <summary>A cache whose server is down (every call throws) or unreachable (every call waits for cancellation).</summary>
    internal sealed class BrokenCache(bool hang) : IDistributedCache
    {
        public byte[]? Get(string key) => throw new InvalidOperationException("down");

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => Fail<byte[]?>(token);

        public void Refresh(string key) => throw new InvalidOperationException("down");

        public Task RefreshAsync(string key, CancellationToken token = default) => Fail<bool>(token);

        public void Remove(string key) => throw new InvalidOperationException("down");

        public Task RemoveAsync(string key, CancellationToken token = default) => Fail<bool>(token);

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => throw new InvalidOperationException("down");

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) => Fail<bool>(token);

        private async Task<T> Fail<T>(CancellationToken token)
        {
            if (hang)
            {
                await Task.Delay(Timeout.Infinite, CancellationToken.None); // ignores the token, as a stuck client library might
            }

            await Task.Yield();
            throw new InvalidOperationException("The cache server is down.");
        }
    }
}

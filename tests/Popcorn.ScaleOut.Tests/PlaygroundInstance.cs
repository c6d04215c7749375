using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Popcorn.Playground;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// One instance of the playground as `dotnet run` starts it, on its own free loopback port, with
/// <c>ConnectionStrings:Redis</c> set: two of these in one process are two instances behind a load balancer.
/// </summary>
internal sealed class PlaygroundInstance : IAsyncDisposable
{
    private readonly WebApplication _app;

    private PlaygroundInstance(WebApplication app, HttpClient client)
    {
        _app = app;
        Client = client;
    }

    public HttpClient Client { get; }

    public static async Task<PlaygroundInstance> StartAsync(string redisConnectionString)
    {
        var app = PlaygroundApp.Build([
            "--urls", "http://127.0.0.1:0", "--environment", "Production",
            "--ConnectionStrings:Redis=" + redisConnectionString,
            // The outage logs event 6 once per persisted-query request; the test reads statuses, not logs.
            "--Logging:LogLevel:Default=None", "--Logging:LogLevel:Microsoft.Hosting.Lifetime=None"]);
        await app.StartAsync();
        return new PlaygroundInstance(app, new HttpClient { BaseAddress = new Uri(app.Urls.First()), Timeout = TimeSpan.FromSeconds(30) });
    }

    public static string Sha256(string query) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(query)));

    /// <summary>POSTs an Apollo persisted-query request to /graphql: the hash, and the query unless it is null.</summary>
    public async Task<(int Status, JsonNode Body)> PostPersistedAsync(string? query, string hash)
    {
        var payload = new JsonObject { ["extensions"] = new JsonObject { ["persistedQuery"] = new JsonObject { ["version"] = 1, ["sha256Hash"] = hash } } };
        if (query is not null)
        {
            payload["query"] = query;
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        using var response = await Client.SendAsync(request);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}

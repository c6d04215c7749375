using System.Diagnostics;
using System.Net;
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

    /// <summary>The host name every request is sent with, whichever instance's port it goes to.</summary>
    public const string PublicHost = "playground.example";

    public HttpClient Client { get; }

    /// <summary>Starts an instance on a free loopback port; <paramref name="settings"/> are more host arguments (<c>--Popcorn:…=…</c>).</summary>
    public static async Task<PlaygroundInstance> StartAsync(string redisConnectionString, params string[] settings)
    {
        var app = PlaygroundApp.Build([
            "--urls", "http://127.0.0.1:0", "--environment", "Production",
            "--ConnectionStrings:Redis=" + redisConnectionString,
            // The outage logs events 20, 21 and 8 (the stores did not answer); the test reads statuses, not logs.
            "--Logging:LogLevel:Default=None", "--Logging:LogLevel:Microsoft.Hosting.Lifetime=None", .. settings]);
        await app.StartAsync();
        var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()), Timeout = TimeSpan.FromSeconds(30) };
        // One public name for both instances, as behind a load balancer: output caching keys entries by host.
        client.DefaultRequestHeaders.Host = PublicHost;
        return new PlaygroundInstance(app, client);
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

    /// <summary>GETs a path with a selection in <c>?include=</c>; the response is the caller's to dispose.</summary>
    public Task<HttpResponseMessage> GetAsync(string path, string include, string? extraQuery = null) =>
        Client.GetAsync($"{path}?include={Uri.EscapeDataString(include)}{(extraQuery is null ? "" : "&" + extraQuery)}");

    /// <summary>
    /// Waits until a response this instance answered is in the shared store: output caching writes the entry after the
    /// response has gone out, so a request sent right after it may still miss. Asks this instance again until it is
    /// served from the store (an <c>Age</c> header); those requests hit, so they add no entry of their own.
    /// </summary>
    public async Task UntilStoredAsync(string path, string include)
    {
        var watch = Stopwatch.StartNew();
        while (true)
        {
            using var again = await GetAsync(path, include);
            if (again.Headers.Age is not null)
            {
                return;
            }

            if (watch.Elapsed > TimeSpan.FromSeconds(10))
            {
                throw new TimeoutException($"GET {path} with {include} was not in the store 10 s after it was answered.");
            }

            await Task.Delay(50);
        }
    }

    /// <summary>
    /// Waits until a response cached through <paramref name="writer"/> is served by <paramref name="reader"/> (both
    /// connected to Redis: each connects on its first call, which on a loaded machine can take longer than the time box);
    /// the time it took, or a failure after 30 s.
    /// </summary>
    public static async Task<TimeSpan> UntilSharedAsync(PlaygroundInstance writer, PlaygroundInstance reader, string probe)
    {
        var watch = Stopwatch.StartNew();
        for (int attempt = 0; ; attempt++)
        {
            string extra = $"probe={probe}-{attempt}";
            using var written = await writer.GetAsync("/api/cars", "[id]", extra);
            using var read = await reader.GetAsync("/api/cars", "[id]", extra);
            if (written.StatusCode != HttpStatusCode.OK || read.StatusCode != HttpStatusCode.OK)
            {
                throw new InvalidOperationException($"A cached GET answered {(int)written.StatusCode} and {(int)read.StatusCode}.");
            }

            if (read.Headers.Age is not null)
            {
                return watch.Elapsed;
            }

            if (watch.Elapsed > TimeSpan.FromSeconds(30))
            {
                throw new TimeoutException("No response cached through one instance was served by the other within 30 s.");
            }

            await Task.Delay(100);
        }
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}

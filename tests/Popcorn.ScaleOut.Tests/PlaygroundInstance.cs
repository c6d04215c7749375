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

    public static string Sha256(string query) => SharedStoreRequests.Sha256(query);

    /// <summary>POSTs an Apollo persisted-query request to /graphql: the hash, and the query unless it is null.</summary>
    public Task<(int Status, JsonNode Body)> PostPersistedAsync(string? query, string hash) => SharedStoreRequests.PostPersistedAsync(Client, query, hash);

    /// <summary>GETs a path with a selection in <c>?include=</c>; the response is the caller's to dispose.</summary>
    public Task<HttpResponseMessage> GetAsync(string path, string include, string? extraQuery = null) =>
        Client.GetAsync($"{path}?include={Uri.EscapeDataString(include)}{(extraQuery is null ? "" : "&" + extraQuery)}");

    /// <summary>Waits until the answer to <paramref name="path"/> with <paramref name="include"/> is in the shared store (<see cref="SharedStoreRequests.UntilStoredAsync"/>).</summary>
    public Task UntilStoredAsync(string path, string include) =>
        SharedStoreRequests.UntilStoredAsync(Client, $"{path}?include={Uri.EscapeDataString(include)}");

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

using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;

namespace Popcorn.TestHost;

/// <summary>The test host app on Kestrel, on a free loopback port, shared by a test class.</summary>
public class TestHostServer : IAsyncLifetime
{
    private WebApplication? _app;

    /// <summary>Extra host arguments, e.g. configuration switches.</summary>
    protected virtual string[] Arguments => [];

    public const string GraphQLResponseMediaType = "application/graphql-response+json";

    public HttpClient Client { get; private set; } = null!;

    public Uri BaseAddress => Client.BaseAddress!;

    /// <summary>The app's services, for tests that look at Popcorn's state (caches, logs).</summary>
    public IServiceProvider Services => _app!.Services;

    public async Task InitializeAsync()
    {
        _app = Start(Arguments);
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()), Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>A new test host app on a free loopback port, not yet started; extra host arguments pass through.</summary>
    public static WebApplication Start(params string[] arguments) =>
        TestHostApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=Warning", .. arguments]);

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    public async Task<(int Status, string ContentType, string Body)> GetAsync(string path, string? include = null, string? header = null)
    {
        string url = include is null ? path : $"{path}?include={Uri.EscapeDataString(include)}";
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        if (header is not null)
        {
            request.Headers.Add("Popcorn-Include", header);
        }

        using var response = await Client.SendAsync(request);
        return ((int)response.StatusCode, response.Content.Headers.ContentType?.MediaType ?? string.Empty, await response.Content.ReadAsStringAsync());
    }

    /// <summary>
    /// POSTs to <c>/graphql</c> as a current GraphQL-over-HTTP client does (<c>Accept: application/graphql-response+json</c>,
    /// so refused documents are 4xx); pass <paramref name="accept"/> <c>application/json</c> for a legacy client, or
    /// an empty string for no Accept header.
    /// </summary>
    public async Task<(int Status, string ContentType, JsonNode? Body)> PostGraphQLAsync(string query, string? variables = null, string? operationName = null, string accept = GraphQLResponseMediaType)
    {
        var payload = new JsonObject { ["query"] = query };
        if (variables is not null)
        {
            payload["variables"] = JsonNode.Parse(variables);
        }

        if (operationName is not null)
        {
            payload["operationName"] = operationName;
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json"),
        };
        if (accept.Length > 0)
        {
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
        }

        using var response = await Client.SendAsync(request);
        string body = await response.Content.ReadAsStringAsync();
        return ((int)response.StatusCode, response.Content.Headers.ContentType?.MediaType ?? string.Empty, JsonNode.Parse(body));
    }
}

/// <summary>The test host with Popcorn's response envelope switched on.</summary>
public sealed class EnvelopeTestHostServer : TestHostServer
{
    protected override string[] Arguments => ["--Popcorn:Envelope=SuccessData"];
}

/// <summary>The test host with Popcorn's own log categories at Debug, for tests that read what Popcorn logs.</summary>
public sealed class DebugLoggingTestHostServer : TestHostServer
{
    protected override string[] Arguments => ["--Logging:LogLevel:Popcorn=Debug"];
}

/// <summary>The test host with GraphQL introspection turned off.</summary>
public sealed class NoIntrospectionTestHostServer : TestHostServer
{
    protected override string[] Arguments => ["--Popcorn:EnableIntrospection=false"];
}

/// <summary>The test host in the Development environment, where the development-only endpoints are mapped.</summary>
public sealed class DevelopmentTestHostServer : TestHostServer
{
    protected override string[] Arguments => ["--environment", "Development"];
}

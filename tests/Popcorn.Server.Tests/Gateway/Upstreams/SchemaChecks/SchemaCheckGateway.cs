using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>What the schema-check tests ask of a running gateway: queries, its SDL, and its report of a service's schema.</summary>
public static class SchemaCheckGateway
{
    /// <summary>
    /// A gateway over <paramref name="service"/> (its <paramref name="settings"/>) with output caching, serving
    /// <paramref name="rootField"/> as the REST resource <paramref name="path"/> cached for 5 minutes, and its
    /// <c>/popcorn/schema</c>; started.
    /// </summary>
    public static async Task<WebApplication> StartCachingGatewayAsync(string[] settings, string service, string path, string rootField)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. settings]);
        builder.Logging.ClearProviders();
        builder.Services.AddOutputCache();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var gateway = builder.Build();
        gateway.UseOutputCache();
        gateway.MapPopcornGateway("/graphql", g => g.Upstream(service));
        gateway.MapPopcornUpstream(path, rootField).CacheOutput(p => p.Expire(TimeSpan.FromMinutes(5)));
        gateway.MapPopcornSchema();
        await gateway.StartAsync();
        return gateway;
    }

    public static async Task<(int Status, JsonNode? Body)> PostAsync(WebApplication gateway, string query)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        return await UpstreamGatewayServer.PostAsync(client, query);
    }

    public static async Task<string> GetAsync(WebApplication gateway, string path)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        return await client.GetStringAsync(path);
    }

    /// <summary>The SDL's definition of <paramref name="type"/>, from <c>type Name</c> to its closing brace.</summary>
    public static string TypeBlock(string sdl, string type)
    {
        int start = sdl.IndexOf($"type {type} ", StringComparison.Ordinal);
        start.ShouldBeGreaterThanOrEqualTo(0, $"the SDL has no type {type}");
        return sdl[start..sdl.IndexOf('}', start)];
    }

    /// <summary>
    /// The service's entry in the gateway's <c>/popcorn/schema</c> once it has been checked and <paramref name="seen"/>
    /// holds (bounded: a minute).
    /// </summary>
    public static async Task<JsonNode> WaitForCheckAsync(WebApplication gateway, string service, Func<JsonNode, bool> seen)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (true)
        {
            var status = await StatusAsync(client, service, limit.Token);
            if (status["checkedAt"] is not null && seen(status))
            {
                return status;
            }

            await Task.Delay(50, limit.Token);
        }
    }

    /// <summary>The service's entry in the gateway's <c>/popcorn/schema</c> now.</summary>
    public static async Task<JsonNode> StatusAsync(WebApplication gateway, string service)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        return await StatusAsync(client, service, CancellationToken.None);
    }

    private static async Task<JsonNode> StatusAsync(HttpClient client, string service, CancellationToken cancellationToken)
    {
        var schema = JsonNode.Parse(await client.GetStringAsync("/popcorn/schema", cancellationToken))!;
        return schema["upstreams"]!.AsArray().Single(s => (string?)s!["service"] == service)!;
    }
}

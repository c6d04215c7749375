using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Server.Tests.Schema;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// An <c>errands</c> service (30 errands; root fields <c>errands</c>, which Popcorn pages, sorts and filters, and
/// <c>errand(id: Int!)</c>) and two gateway apps over it, each its own app on real Kestrel on a free loopback port. The
/// service records every selection its gateway receives. The first gateway has output caching and serves
/// <c>/api/errands</c>, <c>/api/cached/errands</c> (cached 5 minutes), <c>/api/cheap/errands</c> (cost limit 5),
/// <c>/api/errands/{id}</c> and <c>/api/errand</c> (the id from the query string); the second has the
/// <c>SuccessData</c> envelope and serves <c>/api/errands</c>.
/// </summary>
public sealed class UpstreamResourceServer : IAsyncLifetime
{
    public static IReadOnlyList<Errand> Errands { get; } =
        Enumerable.Range(1, 30).Select(i => new Errand { Id = i, Title = $"errand {i:00}" }).ToArray();

    /// <summary>The cursor key the service and the gateways share, so a cursor one issues the others accept.</summary>
    public const string CursorKey = "cG9wY29ybi11cHN0cmVhbS1yZXNvdXJjZS10ZXN0cy1rZXktMzJieXRlcyE=";

    private readonly List<WebApplication> _apps = new();

    /// <summary>The errands service itself.</summary>
    public HttpClient Service { get; private set; } = null!;

    public HttpClient Gateway { get; private set; } = null!;

    public HttpClient EnvelopedGateway { get; private set; } = null!;

    /// <summary>The selections the service's gateway received, in order.</summary>
    public ConcurrentQueue<string> Received { get; } = new();

    public async Task InitializeAsync()
    {
        string service = await StartServiceAsync();
        Service = new HttpClient { BaseAddress = new Uri(service) };
        Gateway = await StartGatewayAsync(service, cached: true);
        EnvelopedGateway = await StartGatewayAsync(service, cached: false, "--Popcorn:Envelope=SuccessData");
    }

    /// <summary>The selections the service received since <paramref name="skip"/> of them.</summary>
    public string[] ReceivedSince(int skip) => Received.Skip(skip).ToArray();

    private async Task<string> StartServiceAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(ErrandsJsonContext.Default);
            options.CursorKey = CursorKey;
        });
        var app = builder.Build();
        app.Use(async (http, next) =>
        {
            if (http.Request.Path == "/graphql")
            {
                Received.Enqueue(http.Request.Query["query"].ToString());
            }

            await next(http);
        });
        app.MapPopcornSchema();
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("errands", () => Errands, "Every errand.")
            .Field("errand", (int id) => Errands.FirstOrDefault(e => e.Id == id), "One errand by id."));
        await app.StartAsync();
        _apps.Add(app);
        return app.Urls.First();
    }

    private async Task<HttpClient> StartGatewayAsync(string service, bool cached, params string[] arguments)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", $"--Popcorn:Upstreams:errands:BaseAddress={service}", $"--Popcorn:CursorKey={CursorKey}", .. arguments]);
        builder.Logging.ClearProviders();
        builder.Services.AddOutputCache();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var app = builder.Build();
        app.UseOutputCache();
        app.MapPopcornGateway("/graphql", gateway => gateway.Upstream("errands"));
        app.MapPopcornUpstream("/api/errands", "errands");
        if (cached)
        {
            app.MapPopcornUpstream("/api/cached/errands", "errands").CacheOutput(p => p.Expire(TimeSpan.FromMinutes(5)));
            app.MapPopcornUpstream("/api/cheap/errands", "errands").WithPopcornCostLimit(5);
            app.MapPopcornUpstream("/api/errands/{id}", "errand");
            app.MapPopcornUpstream("/api/errand", "errand");
        }

        await app.StartAsync();
        _apps.Add(app);
        return new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Gateway?.Dispose();
        Service?.Dispose();
        EnvelopedGateway?.Dispose();
        foreach (var app in Enumerable.Reverse(_apps))
        {
            await app.DisposeAsync();
        }
    }
}

using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Server.Tests.Adoption;

namespace Popcorn.Server.Tests.Playground;

/// <summary>
/// An app that renames what carries a selection (<c>?fields=</c>, <c>X-Fields</c>, a gateway at <c>/api/graphql</c>)
/// and maps the embedded playground beside the schema endpoints under <c>/popcorn</c>. On real Kestrel, on a free
/// loopback port, in the environment a test asks for.
/// </summary>
public sealed class PlaygroundServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private PlaygroundServer(WebApplication app, LogCapture log)
    {
        _app = app;
        Log = log;
        Client = new HttpClient(new HttpClientHandler { AllowAutoRedirect = false }) { BaseAddress = new Uri(app.Urls.First()) };
    }

    public HttpClient Client { get; }

    /// <summary>What Popcorn logged, from startup on.</summary>
    public LogCapture Log { get; }

    public static async Task<PlaygroundServer> StartAsync(string environment, Action<PopcornPlaygroundOptions>? configure = null)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0"],
            EnvironmentName = environment,
            ContentRootPath = AppContext.BaseDirectory,
        });
        var log = new LogCapture("Popcorn.");
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(log);
        builder.Services.AddSingleton<Ledger>();
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, LedgerJsonContext.Default));
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(LedgerJsonContext.Default);
            options.QueryParameterName = "fields";
            options.HeaderName = "X-Fields";
        });

        var app = builder.Build();
        app.MapGet("/invoices", (Ledger ledger) => ledger.All).WithPopcorn();
        app.MapPopcornSchema();
        app.MapPopcornGateway("/api/graphql", gateway => gateway.Field("invoices", (Ledger ledger) => ledger.All));
        app.MapPopcornPlayground("/popcorn", configure);
        await app.StartAsync();
        return new PlaygroundServer(app, log);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}

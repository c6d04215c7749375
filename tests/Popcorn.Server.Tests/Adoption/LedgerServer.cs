using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Adoption;

/// <summary>
/// A small app as a user would write it: handlers that return <c>IResult</c>/<c>IActionResult</c> with the model type
/// given by <c>.WithPopcorn&lt;T&gt;()</c>, <c>.Produces&lt;T&gt;()</c> or <c>[Popcorn(typeof(T))]</c>, one endpoint that
/// says nothing, output caching, and options from configuration. On real Kestrel, on a free loopback port.
/// </summary>
public class LedgerServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public Ledger Ledger => _app!.Services.GetRequiredService<Ledger>();

    /// <summary>The app's services (its output cache store, for eviction).</summary>
    public IServiceProvider Services => _app!.Services;

    /// <summary>Warnings and above logged by Popcorn while the app started and ran.</summary>
    public ConcurrentQueue<(int EventId, string Message)> Warnings { get; } = new();

    /// <summary>Host arguments, configuration switches among them.</summary>
    protected virtual string[] Arguments => [];

    public async Task InitializeAsync()
    {
        _app = Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", .. Arguments], Warnings);
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>Builds the app; tests that expect startup to fail call it directly.</summary>
    public static WebApplication Build(string[] args, ConcurrentQueue<(int EventId, string Message)> warnings)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = args, ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new PopcornWarningCollector(warnings));
        builder.Services.AddSingleton<Ledger>();
        // The default: only .CacheOutput() endpoints are cached. BasePolicyLedgerServer caches every GET by a base policy.
        builder.Services.AddOutputCache(cache =>
        {
            if (builder.Configuration["Ledger:CacheByBasePolicy"] == "true")
            {
                cache.AddBasePolicy(policy => policy.Cache());
            }
        });
        builder.Services.AddControllers().AddApplicationPart(typeof(LedgerController).Assembly).ConfigureApplicationPartManager(parts =>
        {
            // Only this app's controller, not the other test apps' controllers in the same assembly.
            parts.FeatureProviders.Remove(parts.FeatureProviders.OfType<Microsoft.AspNetCore.Mvc.Controllers.ControllerFeatureProvider>().Single());
            parts.FeatureProviders.Add(new OnlyController<LedgerController>());
        });
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, LedgerJsonContext.Default));
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(LedgerJsonContext.Default));

        var app = builder.Build();
        app.UseOutputCache();
        app.MapControllers();
        app.MapPost("/invoices", (NewInvoice request, Ledger ledger) =>
        {
            var invoice = ledger.Add(request);
            return Results.Created($"/invoices/{invoice.Id}", invoice);
        }).WithPopcorn<Invoice>();
        app.MapPost("/invoices/produces", (NewInvoice request, Ledger ledger) => Results.Ok(ledger.Add(request)))
            .Produces<Invoice>().WithPopcorn();
        app.MapPost("/invoices/unsaid", (NewInvoice request, Ledger ledger) => Results.Ok(ledger.Add(request)))
            .WithPopcorn().WithName("unsaidInvoice");
        app.MapGet("/invoices/stream", (Ledger ledger) => ledger.Stream()).WithPopcorn();
        var group = app.MapGroup("/grouped").WithPopcorn();
        group.MapPost("/invoices", (NewInvoice request, Ledger ledger) => Results.Ok(ledger.Add(request))).WithPopcorn<Invoice>();
        app.MapGet("/invoices", (Ledger ledger) =>
        {
            Interlocked.Increment(ref ledger.Reads);
            return ledger.All;
        }).WithPopcorn().CacheOutput();
        return app;
    }

    private sealed class OnlyController<T> : Microsoft.AspNetCore.Mvc.Controllers.ControllerFeatureProvider
    {
        protected override bool IsController(System.Reflection.TypeInfo typeInfo) => typeInfo == typeof(T);
    }
}

/// <summary>The same app with every GET cached by an app-wide base policy instead of per endpoint.</summary>
public sealed class BasePolicyLedgerServer : LedgerServer
{
    protected override string[] Arguments => ["--Ledger:CacheByBasePolicy=true"];
}

/// <summary>The same app with limits and names from configuration.</summary>
public sealed class ConfiguredLedgerServer : LedgerServer
{
    protected override string[] Arguments => ["--Popcorn:Limits:MaxDepth=2", "--Popcorn:QueryParameterName=fields", "--Popcorn:HeaderName=X-Fields"];
}

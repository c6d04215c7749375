using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Migration;

/// <summary>
/// An app migrated from upstream Popcorn that keeps its clients: <c>Envelope = Upstream</c> from configuration, output
/// caching on the list, a 404, a 500 and a validation problem its handlers answer with. Counts list reads, so a cached answer is one that
/// did not add to them. On real Kestrel, on a free loopback port.
/// </summary>
public class GizmoServer : IAsyncLifetime
{
    private WebApplication? _app;
    private int _reads;

    public HttpClient Client { get; private set; } = null!;

    /// <summary>How many times the list handler ran.</summary>
    public int Reads => Volatile.Read(ref _reads);

    /// <summary>Configuration switches: the envelope and its key names.</summary>
    protected virtual string[] Arguments => ["--Popcorn:Envelope=Upstream"];

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production", .. Arguments],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddOutputCache();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(MigrationJsonContext.Default));

        Gizmo[] gizmos =
        [
            new Gizmo { Id = 1, Name = "Widget", Price = 9.5m, Secret = "s1" },
            new Gizmo { Id = 2, Name = "Sprocket", Price = 12m, Secret = "s2" },
        ];
        _app = builder.Build();
        _app.UseOutputCache();
        var api = _app.MapGroup("/gizmos").WithPopcorn();
        api.MapGet("/", () =>
        {
            Interlocked.Increment(ref _reads);
            return gizmos;
        }).CacheOutput();
        api.MapGet("/{id:int}", Results<Ok<Gizmo>, NotFound> (int id) =>
            gizmos.FirstOrDefault(g => g.Id == id) is { } gizmo ? TypedResults.Ok(gizmo) : TypedResults.NotFound());
        api.MapGet("/broken", Results<Ok<Gizmo>, ProblemHttpResult> () =>
            TypedResults.Problem(statusCode: StatusCodes.Status500InternalServerError, title: "Inventory failed", detail: "The inventory could not be read."));
        api.MapPost("/", Results<Created<Gizmo>, ValidationProblem> (Gizmo gizmo) => string.IsNullOrWhiteSpace(gizmo.Name)
            ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["Name"] = ["The Name field is required."] })
            : TypedResults.Created($"/gizmos/{gizmo.Id}", gizmo));
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
}

/// <summary>The same app with the envelope's keys camelCased, as an upstream app on ASP.NET Core's default JSON options sent them.</summary>
public sealed class CamelCaseUpstreamEnvelopeServer : GizmoServer
{
    protected override string[] Arguments => ["--Popcorn:Envelope=Upstream", "--Popcorn:EnvelopeNamingPolicy=CamelCase"];
}

/// <summary>The same app in this project's own envelope, <c>{"success":true,"data":...}</c> around problem details.</summary>
public sealed class SuccessDataEnvelopeServer : GizmoServer
{
    protected override string[] Arguments => ["--Popcorn:Envelope=SuccessData"];
}

using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>
/// A small app with Microsoft.AspNetCore.OpenApi turned on and <c>o.AddPopcorn()</c>: Popcorn endpoints of every kind
/// (a list, a typed result, an <c>IResult</c> with <c>.WithPopcorn&lt;T&gt;()</c>, an MVC action), endpoints that do not
/// use Popcorn, the gateway and the schema tools. On real Kestrel, on a free loopback port; the tests read
/// <c>/openapi/v1.json</c> as a client would.
/// </summary>
public class ShelfServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    /// <summary>The document's text, fetched once.</summary>
    public string DocumentText { get; private set; } = "";

    /// <summary>The document, parsed.</summary>
    public JsonNode Document { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"], ContentRootPath = AppContext.BaseDirectory });
        builder.Logging.ClearProviders();
        builder.Services.AddControllers().AddApplicationPart(typeof(ShelfController).Assembly).ConfigureApplicationPartManager(parts =>
        {
            // Only this app's controller, not the other test apps' controllers in the same assembly.
            parts.FeatureProviders.Remove(parts.FeatureProviders.OfType<ControllerFeatureProvider>().Single());
            parts.FeatureProviders.Add(new OnlyShelfController());
        });
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, ShelfJsonContext.Default));
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(ShelfJsonContext.Default);
            ConfigurePopcorn(options);
        });
        builder.Services.AddOpenApi(o => o.AddPopcorn(ConfigureOpenApi));

        _app = builder.Build();
        _app.MapOpenApi();
        _app.MapControllers();
        _app.MapGet("/books", () => new List<Book> { Shelf.Dune }).WithPopcorn().WithName("listBooks");
        _app.MapGet("/books/{id:int}", Results<Ok<Book>, NotFound> (int id) => id == Shelf.Dune.Id ? TypedResults.Ok(Shelf.Dune) : TypedResults.NotFound())
            .WithPopcorn();
        _app.MapGet("/books/single/{id:int}", (int id) => new List<Book> { Shelf.Dune }.AsQueryable().Where(b => b.Id == id).AsPopcornSingle()).WithPopcorn();
        _app.MapPost("/books", (NewBook book) => Results.Created("/books/1", Shelf.Dune)).WithPopcorn<Book>();
        _app.MapPost("/books/unsaid", (NewBook book) => Results.Ok(Shelf.Dune)).WithPopcorn();
        _app.MapPost("/books/checked", (NewBook book) => Results.Ok(Shelf.Dune)).WithPopcorn<Book>().ProducesValidationProblem();
        _app.MapGet("/health", () => new Health("ok"));
        _app.MapGet("/authors/{id:int}", (int id) => Shelf.Dune.Author!);
        _app.MapPopcornGateway("/graphql", gateway => gateway.Field("books", () => new List<Book> { Shelf.Dune }));
        _app.MapPopcornSchema();
        await _app.StartAsync();

        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
        DocumentText = await Client.GetStringAsync("/openapi/v1.json");
        Document = JsonNode.Parse(DocumentText)!;
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>The operation at <paramref name="path"/> for <paramref name="method"/> (lower case), or null.</summary>
    public JsonNode? Operation(string path, string method) => Document["paths"]?[path]?[method];

    /// <summary>The schema a <c>$ref</c> points at, or the schema itself.</summary>
    public JsonNode Resolve(JsonNode schema) =>
        schema["$ref"]?.GetValue<string>() is { } reference ? Document["components"]!["schemas"]![reference.Split('/')[^1]]! : schema;

    protected virtual void ConfigurePopcorn(PopcornOptions options)
    {
    }

    protected virtual void ConfigureOpenApi(PopcornOpenApiOptions options)
    {
    }

    private sealed class OnlyShelfController : ControllerFeatureProvider
    {
        protected override bool IsController(System.Reflection.TypeInfo typeInfo) => typeInfo == typeof(ShelfController);
    }
}

/// <summary>The same app with its own parameter names, the envelope, and Popcorn's own endpoints left out of the document.</summary>
public sealed class ConfiguredShelfServer : ShelfServer
{
    protected override void ConfigurePopcorn(PopcornOptions options)
    {
        options.QueryParameterName = "fields";
        options.HeaderName = "X-Fields";
        options.Envelope = ResponseEnvelope.SuccessData;
    }

    protected override void ConfigureOpenApi(PopcornOpenApiOptions options) => options.IncludePopcornEndpoints = false;
}

/// <summary>The same app answering in upstream Popcorn's envelope, its keys camelCased.</summary>
public sealed class UpstreamEnvelopeShelfServer : ShelfServer
{
    protected override void ConfigurePopcorn(PopcornOptions options)
    {
        options.Envelope = ResponseEnvelope.Upstream;
        options.EnvelopeNamingPolicy = System.Text.Json.JsonNamingPolicy.CamelCase;
    }
}

using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Bounds;

/// <summary>
/// A small app for the response bounds: a list of pages, one page, a book (all pages in one object) and the same as
/// gateway root fields, with <c>MaxResponseBytes</c> and the page size chosen by the fixture. On Kestrel, on loopback.
/// </summary>
public abstract class ShelfServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public Shelf Shelf => _app!.Services.GetRequiredService<Shelf>();

    /// <summary>What Popcorn logged at Warning and above: event id and message.</summary>
    public ConcurrentQueue<(int EventId, string Message)> Warnings { get; } = new();

    /// <summary>The <c>--Popcorn:MaxResponseBytes</c> switch, or null for the default.</summary>
    protected abstract long? MaxResponseBytes { get; }

    protected abstract int PageBytes { get; }

    public async Task InitializeAsync()
    {
        // ETags off: a GET held whole for its ETag would pass the cap before sending and be a 400, and these tests
        // are about the streaming path (EntityTagTests covers the held one).
        string[] cap = MaxResponseBytes is { } bytes ? [$"--Popcorn:MaxResponseBytes={bytes}", "--Popcorn:ETagMaxBytes=0", "--Popcorn:ResponseBufferBytes=0"] : [];
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production", .. cap],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new PopcornWarningCollector(Warnings));
        builder.Services.AddSingleton(new Shelf(PageBytes));
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(BoundsJsonContext.Default));

        _app = builder.Build();
        var api = _app.MapGroup("/shelf").WithPopcorn();
        api.MapGet("/pages", (Shelf shelf) => shelf.Pages);
        api.MapGet("/pages/{id:int}", (int id, Shelf shelf) => shelf.Pages[id]);
        api.MapGet("/book", (Shelf shelf) => shelf.Book);
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("pages", (Shelf shelf) => shelf.Pages, "Every page.")
            .Field("page", (int id, Shelf shelf) => shelf.Pages[id], "One page.")
            .Field("book", (Shelf shelf) => shelf.Book, "The book."));
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()), Timeout = TimeSpan.FromSeconds(60) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>A gateway query of <paramref name="count"/> aliased <c>page</c> root fields, <c>p0</c> to <c>pN</c>.</summary>
    public static string AliasedPages(int count) =>
        "{ " + string.Join(' ', Enumerable.Range(0, count).Select(i => $"p{i}: page(id: {i}) {{ id text }}")) + " }";
}

/// <summary>1 KB pages (200 KB in all) under a 64 KiB cap: a page fits, the book and the list do not.</summary>
public sealed class CappedShelfServer : ShelfServer
{
    protected override long? MaxResponseBytes => 64 * 1024;

    protected override int PageBytes => 1024;
}

/// <summary>100 KB pages (20 MB in all) under the default cap: large enough that a client that stops reading holds the writer back.</summary>
public sealed class LargeShelfServer : ShelfServer
{
    protected override long? MaxResponseBytes => null;

    protected override int PageBytes => 100 * 1024;
}

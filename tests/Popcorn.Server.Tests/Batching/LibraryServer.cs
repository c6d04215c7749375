using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Batching;

/// <summary>
/// The batch resolver tests' app on Kestrel: three authors and five books in memory (book 3 written by authors 1 and
/// 2), REST resources and <c>/graphql</c> over them, resolvers from DI, and chunks of at most four parents
/// (<c>MaxFilterInValues</c>), so a list of five books takes two calls.
/// </summary>
public sealed class LibraryServer : IAsyncLifetime
{
    public const int ChunkSize = 4;

    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public BatchCalls Calls => _app!.Services.GetRequiredService<BatchCalls>();

    /// <summary>What the app logged at Warning and above.</summary>
    public ConcurrentQueue<(int EventId, string Message)> Warnings { get; } = new();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new PopcornWarningCollector(Warnings));
        builder.Services.AddHttpContextAccessor();
        builder.Services.AddSingleton<BatchCalls>();
        builder.Services.AddScoped<BookRatings>();
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(LibraryJsonContext.Default);
            options.MaxFilterInValues = ChunkSize;
        });

        var books = Enumerable.Range(1, 5).Select(i => new Book { Id = i, Title = $"Book {i}" }).ToList();
        List<Author> authors =
        [
            new Author { Id = 1, Name = "Ada", Books = [books[0], books[2]] },
            new Author { Id = 2, Name = "Brian", Books = [books[1], books[2], books[3]] },
            new Author { Id = 3, Name = "Cleo", Books = [books[4]] },
        ];

        _app = builder.Build();
        var api = _app.MapGroup("/").WithPopcorn();
        api.MapGet("/authors", () => authors);
        api.MapGet("/authors/{id:int}", (int id) => authors.Single(a => a.Id == id));
        api.MapGet("/books", () => books);
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("authors", () => authors, "Every author.")
            .Field("books", () => books, "Every book."));
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}

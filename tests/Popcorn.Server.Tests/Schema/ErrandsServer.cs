using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Schema;

/// <summary>
/// A gateway whose root fields cover what <c>/popcorn/schema</c> says of their arguments: a list Popcorn pages, sorts
/// and filters, a list whose resolver binds <c>first</c> itself, and a single object by id. On real Kestrel, on a free
/// loopback port.
/// </summary>
public sealed class ErrandsServer : IAsyncLifetime
{
    private static readonly Errand[] s_errands =
    [
        new() { Id = 1, Title = "Post the letters" },
        new() { Id = 2, Title = "Water the plants" },
        new() { Id = 3, Title = "Pay the rent" },
    ];

    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options => options.AddContext(ErrandsJsonContext.Default));
        _app = builder.Build();
        _app.MapPopcornSchema();
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("errands", () => s_errands, "Every errand.")
            .Field("firstErrands", (int first) => s_errands.Take(first), "The first errands; the resolver takes first itself.")
            .Field("errand", (int id) => s_errands.FirstOrDefault(e => e.Id == id), "One errand by id."));
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

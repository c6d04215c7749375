using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.EntityFrameworkCore.Tests.Store;
using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>A real Kestrel app on loopback with EF Core resources returning <see cref="IQueryable{T}"/>.</summary>
public sealed class StoreServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private StoreServer(WebApplication app)
    {
        _app = app;
        Client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
    }

    public HttpClient Client { get; }

    public static async Task<StoreServer> StartAsync(Func<StoreDbContext> createContext, Action<PopcornEntityFrameworkCoreOptions>? configure = null)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddScoped(_ => createContext());
        builder.Services.AddPopcorn(options => options.AddContext(StoreJsonContext.Default));
        builder.Services.AddPopcornEntityFrameworkCore(configure);

        var app = builder.Build();
        app.MapGet("/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id)).WithPopcorn();
        app.MapGet("/coupons", (StoreDbContext db) => db.Coupons.OrderBy(c => c.Id)).WithPopcorn();
        app.MapPopcornGateway("/graphql", gateway => gateway.Field("orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id)));
        await app.StartAsync();
        return new StoreServer(app);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}

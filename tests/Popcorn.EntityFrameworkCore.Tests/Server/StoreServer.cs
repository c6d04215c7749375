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

    public static async Task<StoreServer> StartAsync(Func<StoreDbContext> createContext, Action<PopcornEntityFrameworkCoreOptions>? configure = null, ILoggerProvider? logs = null)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        if (logs is not null)
        {
            builder.Logging.AddProvider(logs);
        }

        builder.Services.AddScoped(_ => createContext());
        builder.Services.AddPopcorn(options => options.AddContext(StoreJsonContext.Default));
        builder.Services.AddPopcornEntityFrameworkCore(configure);

        var app = builder.Build();
        app.MapGet("/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id)).WithPopcorn();
        app.MapGet("/coupons", (StoreDbContext db) => db.Coupons.OrderBy(c => c.Id)).WithPopcorn();
        // DTOs the app projects to itself: one narrowed to the selection, one that cannot be (it ends in a Where).
        app.MapGet("/cards", (StoreDbContext db) => OrderCards.Of(db)).WithPopcorn();
        app.MapGet("/cards/with-lines", (StoreDbContext db) => OrderCards.Of(db).Where(c => c.LineCount > 0)).WithPopcorn();
        // A DTO with a [BatchResolved] member the query never reads (BatchResolverEndpointTests).
        app.MapGet("/scored-cards", (StoreDbContext db) => ScoredCards.Of(db)).WithPopcorn();
        // The same rows loaded whole, for the in-memory path (a list, and an async sequence), and one order alone.
        app.MapGet("/memory/orders", (StoreDbContext db) => LoadOrders(db)).WithPopcorn();
        app.MapGet("/stream/orders", (StoreDbContext db) => LoadOrders(db).ToAsyncEnumerable()).WithPopcorn();
        // Customers with their orders and lines, from the database and loaded whole (aggregates at two levels).
        app.MapGet("/customers", (StoreDbContext db) => db.Customers.OrderBy(c => c.Id)).WithPopcorn();
        app.MapGet("/memory/customers", (StoreDbContext db) => LoadCustomers(db)).WithPopcorn();
        app.MapGet("/orders/{id:int}", (StoreDbContext db, int id) => db.Orders.Single(o => o.Id == id)).WithPopcorn();
        // One order as a query: the selection composed in, its first row read (SingleEndpointTests).
        app.MapGet("/single/orders/{id:int}", (StoreDbContext db, int id) => db.Orders.Where(o => o.Id == id).AsPopcornSingle()).WithPopcorn();
        app.MapGet("/single/orders/latest", (StoreDbContext db) => db.Orders.OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).AsPopcornSingle()).WithPopcorn();
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id))
            .Field("scoredCards", (StoreDbContext db) => ScoredCards.Of(db))
            .Field("memoryOrders", (StoreDbContext db) => LoadOrders(db))
            .Field("customers", (StoreDbContext db) => db.Customers.OrderBy(c => c.Id))
            .Field("memoryCustomers", (StoreDbContext db) => LoadCustomers(db))
            .Field("pagedOrders", (StoreDbContext db, int first) => db.Orders.OrderBy(o => o.Id).Take(first))
            .Field("order", (StoreDbContext db, int id) => db.Orders.Where(o => o.Id == id).AsPopcornSingle())
            // A write, then the changed order read back by the selection (GatewayMutationTests).
            .Mutation("noteOrder", async (int id, string note, StoreDbContext db, CancellationToken ct) =>
            {
                var order = await db.Orders.SingleAsync(o => o.Id == id, ct);
                order.Note = note;
                await db.SaveChangesAsync(ct);
                return db.Orders.Where(o => o.Id == id);
            }));
        await app.StartAsync();
        return new StoreServer(app);
    }

    /// <summary>Every order with its customer, lines and products, in key order: what the in-memory path arranges.</summary>
    public static List<Order> LoadOrders(StoreDbContext db) =>
        db.Orders.Include(o => o.Customer).Include(o => o.Lines.OrderBy(l => l.Id)).ThenInclude(l => l.Product).OrderBy(o => o.Id).AsSplitQuery().ToList();

    /// <summary>Every customer with their orders, the orders' lines and the lines' products, in key order, loaded whole.</summary>
    public static List<Customer> LoadCustomers(StoreDbContext db) =>
        db.Customers.Include(c => c.Orders.OrderBy(o => o.Id)).ThenInclude(o => o.Lines.OrderBy(l => l.Id)).ThenInclude(l => l.Product).OrderBy(c => c.Id).AsSplitQuery().ToList();

    /// <summary>
    /// POSTs a GraphQL document to /graphql as a GraphQL-over-HTTP client of application/graphql-response+json (a
    /// refused document is a 400 there) and returns the body, after checking the status.
    /// </summary>
    public async Task<System.Text.Json.Nodes.JsonNode> PostGraphQLAsync(string query, System.Net.HttpStatusCode status, object? variables = null)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(System.Text.Json.JsonSerializer.Serialize(new { query, variables }), System.Text.Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.ParseAdd("application/graphql-response+json");
        using var response = await Client.SendAsync(request);
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(status, text);
        return System.Text.Json.Nodes.JsonNode.Parse(text)!;
    }

    /// <summary>GETs <paramref name="path"/> with <paramref name="selection"/> in <c>?include=</c> and returns the ids written, in order (after checking 200).</summary>
    public async Task<int[]> IdsAsync(string path, string selection)
    {
        using var response = await Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(System.Net.HttpStatusCode.OK, text);
        return Ids(System.Text.Json.Nodes.JsonNode.Parse(text)!);
    }

    /// <summary>The <c>id</c>s of a JSON list of objects, in order.</summary>
    public static int[] Ids(System.Text.Json.Nodes.JsonNode list) => list.AsArray().Select(o => (int)o!["id"]!).Order().ToArray();

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}

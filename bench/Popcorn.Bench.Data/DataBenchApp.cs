using Microsoft.EntityFrameworkCore;
using Popcorn.Bench.Data.Dto;
using Popcorn.Bench.Data.OData;
using Popcorn.Bench.Data.Reads;
using Popcorn.Bench.Data.Store;
using Popcorn.Bench.Host.Plain;
using Popcorn.Server;

namespace Popcorn.Bench.Data;

/// <summary>
/// The data benchmark's server. Every endpoint serves the first 100 orders by id (<c>Take(100)</c> in the handler, so
/// every way compared pages alike; a client could now ask <c>(first: 100)</c> instead, docs/data.md "On root lists")
/// in one of the ways compared, and <c>/all</c> endpoints serve
/// every order, for the memory comparison. See bench/README.md, "Data".
/// </summary>
public static class DataBenchApp
{
    /// <summary>Orders per page.</summary>
    public const int Page = 100;

    /// <summary>
    /// Creates the app and makes sure its store exists (generated on first use). Configuration: <c>Store:Provider</c>
    /// (<c>Sqlite</c>, the default, or <c>PostgreSQL</c>), <c>ConnectionStrings:Store</c> (default: a SQLite file in
    /// the temp folder named by its size), <c>Store:Orders</c> (default 100,000).
    /// </summary>
    public static async Task<WebApplication> BuildAsync(string[] args)
    {
        var builder = WebApplication.CreateSlimBuilder(args);
        int orders = builder.Configuration.GetValue("Store:Orders", 100_000);
        bool postgres = string.Equals(builder.Configuration["Store:Provider"], "PostgreSQL", StringComparison.OrdinalIgnoreCase);
        string connection = builder.Configuration.GetConnectionString("Store")
            ?? $"Data Source={Path.Combine(Path.GetTempPath(), $"popcorn-bench-data-{orders}.db")}";
        var reads = new ReadCounter();
        builder.Services.AddSingleton(reads);
        builder.Services.AddDbContext<StoreDbContext>(o => (postgres ? o.UseNpgsql(connection) : o.UseSqlite(connection)).AddInterceptors(reads));
        builder.Services.AddPopcorn(o => o.AddContext(DataJsonContext.Default));
        builder.Services.AddPopcornEntityFrameworkCore();
        builder.Services.AddODataComparison();
        // The naive endpoints' System.Text.Json gets the source-generated metadata too, as a user of a context would.
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, DataJsonContext.Default));

        var app = builder.Build();
        await using (var scope = app.Services.CreateAsyncScope())
        {
            await StoreGenerator.EnsureAsync(scope.ServiceProvider.GetRequiredService<StoreDbContext>(), orders);
        }

        MapPages(app);
        MapAll(app);
        MapFiltered(app);
        MapSingle(app);
        MapAggregated(app);
        app.MapODataComparison();
        app.MapGet("/stats/reads", (ReadCounter counter) => counter.Snapshot().ToString());
        return app;
    }

    private static void MapPages(WebApplication app)
    {
        // Popcorn: the handler returns the query; the request's selection becomes its Select.
        app.MapGet("/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Take(Page)).WithPopcorn();

        // The deep comparison splits the lines into their own statement on both sides: EF's single query joins a page
        // of orders to a derived table of lines and products, which SQLite cannot flatten, so it reads all 300,000
        // lines for every page (about a second per request, for Popcorn and the hand-written projection alike).
        app.MapGet("/split/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Take(Page).AsSplitQuery()).WithPopcorn();

        // Popcorn without pushdown: the entities the selection needs are loaded whole, then Popcorn writes the selection.
        app.MapGet("/orders/no-pushdown", async (StoreDbContext db) =>
            await db.Orders.AsNoTracking().Include(o => o.Customer).OrderBy(o => o.Id).Take(Page).ToListAsync()).WithPopcorn();

        // Naive: what a user writes today for the narrow selection's data, entities through System.Text.Json...
        app.MapGet("/naive/orders", async (StoreDbContext db) =>
            await db.Orders.AsNoTracking().Include(o => o.Customer).OrderBy(o => o.Id).Take(Page).ToListAsync());

        // ... and with everything the entity has.
        app.MapGet("/naive/orders/everything", async (StoreDbContext db) =>
            await db.Orders.AsNoTracking().Include(o => o.Customer).Include(o => o.Lines.OrderBy(l => l.Id)).ThenInclude(l => l.Product)
                .OrderBy(o => o.Id).Take(Page).ToListAsync());

        // Hand-written: the deep selection as an EF Select into DTOs, on System.Text.Json's fast path.
        var dtos = FastPathJsonResult<List<OrderDto>>.Require(DtoJsonContext.Default.ListOrderDto);
        app.MapGet("/dto/orders", async (StoreDbContext db) => new FastPathJsonResult<List<OrderDto>>(await db.Orders.OrderBy(o => o.Id).Take(Page).AsSplitQuery()
            .Select(o => new OrderDto
            {
                Id = o.Id,
                PlacedAt = o.PlacedAt,
                Lines = o.Lines.OrderBy(l => l.Id).Select(l => new LineDto
                {
                    Quantity = l.Quantity,
                    Product = new ProductDto { Sku = l.Product.Sku, Name = l.Product.Name, Price = l.Product.Price },
                }).ToList(),
            }).ToListAsync(), dtos));
    }

    /// <summary>
    /// A page filtered through a reference and over a list (issue 32): Popcorn's root arguments
    /// <see cref="FilteredOrders.Selection"/> against the same filter and page hand-written as an EF Core
    /// <c>Where(...).Select(...)</c> into DTOs on System.Text.Json's fast path.
    /// </summary>
    private static void MapFiltered(WebApplication app)
    {
        app.MapGet("/filtered/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id)).WithPopcorn();
        var dtos = FastPathJsonResult<List<FilteredOrderDto>>.Require(DtoJsonContext.Default.ListFilteredOrderDto);
        app.MapGet("/dto/filtered/orders", async (StoreDbContext db) => new FastPathJsonResult<List<FilteredOrderDto>>(await db.Orders
            .Where(o => o.Customer.City == FilteredOrders.City && o.Lines.Any(l => l.Quantity >= FilteredOrders.MinQuantity))
            .OrderBy(o => o.Id).Take(Page)
            .Select(o => new FilteredOrderDto { Id = o.Id, PlacedAt = o.PlacedAt, Customer = new CustomerNameDto { Name = o.Customer.Name } })
            .ToListAsync(), dtos));
    }

    /// <summary>
    /// One order by key (issue 32's single-entity projection): Popcorn's query marked <c>AsPopcornSingle()</c> with the
    /// narrow selection, against the same order hand-written as an EF Core <c>Where(...).Select(...)</c> into a DTO on
    /// System.Text.Json's fast path.
    /// </summary>
    private static void MapSingle(WebApplication app)
    {
        app.MapGet("/single/orders", (StoreDbContext db, int id) => db.Orders.Where(o => o.Id == id).AsPopcornSingle()).WithPopcorn();
        var dto = FastPathJsonResult<FilteredOrderDto>.Require(DtoJsonContext.Default.FilteredOrderDto);
        app.MapGet("/dto/single/orders", async (StoreDbContext db, int id) => new FastPathJsonResult<FilteredOrderDto>((await db.Orders
            .Where(o => o.Id == id)
            .Select(o => new FilteredOrderDto { Id = o.Id, PlacedAt = o.PlacedAt, Customer = new CustomerNameDto { Name = o.Customer.Name } })
            .FirstOrDefaultAsync())!, dto));
    }

    /// <summary>
    /// A page of orders with numbers over each one's lines: Popcorn's <c>linesAggregate</c> (the rows, then one grouped
    /// statement for the page's lines) against the same numbers hand-written as correlated subqueries in one statement.
    /// </summary>
    private static void MapAggregated(WebApplication app)
    {
        app.MapGet("/aggregated/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id).Take(Page)).WithPopcorn();
        var dtos = FastPathJsonResult<List<AggregatedOrderDto>>.Require(DtoJsonContext.Default.ListAggregatedOrderDto);
        app.MapGet("/dto/aggregated/orders", async (StoreDbContext db) => new FastPathJsonResult<List<AggregatedOrderDto>>(await db.Orders.OrderBy(o => o.Id).Take(Page)
            .Select(o => new AggregatedOrderDto
            {
                Id = o.Id,
                PlacedAt = o.PlacedAt,
                LinesAggregate = new LinesAggregateDto
                {
                    Count = o.Lines.LongCount(),
                    Sum = new QuantitySumDto { Quantity = o.Lines.Any() ? o.Lines.Sum(l => l.Quantity) : null },
                    Max = new QuantityMaxDto { Quantity = o.Lines.Max(l => (int?)l.Quantity) },
                },
            }).ToListAsync(), dtos));
    }

    /// <summary>Every order: streamed by Popcorn, or loaded into a list first (the memory comparison).</summary>
    private static void MapAll(WebApplication app)
    {
        app.MapGet("/all/orders", (StoreDbContext db) => db.Orders.OrderBy(o => o.Id)).WithPopcorn();
        app.MapGet("/all/naive/orders", async (StoreDbContext db) => await db.Orders.AsNoTracking().OrderBy(o => o.Id).ToListAsync());
    }
}

using Microsoft.EntityFrameworkCore;
using Popcorn.StoreServices;
using Popcorn.StoreServices.Orders;

// The orders service: Popcorn over EF Core on its own SQLite file. An order knows its customer only by number; the
// gateway (../Gateway) serves both services' fields side by side.
var builder = WebApplication.CreateBuilder(args);
// Popcorn:CursorKey shared with the gateway (run.sh passes one), so its Link: rel="next" on /api/orders pages by this service's cursors.
builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(OrdersJsonContext.Default));
builder.Services.AddPopcornEntityFrameworkCore();
builder.AddServiceDatabase<OrdersDbContext>("Orders");

var app = builder.Build();
int seeded = builder.Configuration.GetValue("Seed:Orders", OrdersSeed.Count);
app.Prepare<OrdersDbContext>(db => !db.Orders.Any(), db => OrdersSeed.Fill(db, seeded));
app.MapGroup("/api").WithPopcorn()
    .MapGet("/orders", (OrdersDbContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id));
app.MapPopcornSchema();
app.MapPopcornGateway("/graphql", gateway => gateway
    .Field("orders", (OrdersDbContext db) => db.Orders.AsNoTracking().OrderBy(o => o.Id), "Every order, from the orders service's database."));
app.Run();

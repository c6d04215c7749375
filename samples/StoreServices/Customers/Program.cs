using Microsoft.EntityFrameworkCore;
using Popcorn.StoreServices;
using Popcorn.StoreServices.Customers;

// The customers service: Popcorn over EF Core on its own SQLite file. The gateway (../Gateway) reads its
// /popcorn/schema at startup and sends its /graphql only the part of a selection it owns.
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(CustomersJsonContext.Default));
builder.Services.AddPopcornEntityFrameworkCore();
builder.AddServiceDatabase<CustomersDbContext>("Customers");

var app = builder.Build();
app.Prepare<CustomersDbContext>(db => !db.Customers.Any(), CustomersSeed.Fill);
app.MapGroup("/api").WithPopcorn()
    .MapGet("/customers", (CustomersDbContext db) => db.Customers.AsNoTracking().OrderBy(c => c.Id));
app.MapPopcornSchema();
app.MapPopcornGateway("/graphql", gateway => gateway
    .Field("customers", (CustomersDbContext db) => db.Customers.AsNoTracking().OrderBy(c => c.Id), "Every customer, from the customers service's database.")
    .Field("customer", (int id, CustomersDbContext db, CancellationToken aborted) => db.Customers.AsNoTracking().SingleOrDefaultAsync(c => c.Id == id, aborted), "One customer by id; null when there is none."));
app.Run();

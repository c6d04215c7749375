// A `dotnet new web` app's Program.cs, written as the README's quickstart tells a user to.
using Microsoft.AspNetCore.Http.HttpResults;
using Shop;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddPopcorn(options => options.AddContext(ShopJsonContext.Default));
builder.Services.AddOpenApi(options => options.AddPopcorn()); // the package comes with Popcorn.Server
builder.Services.AddOutputCache();
var app = builder.Build();

app.UseOutputCache();
app.MapOpenApi();

app.MapGet("/orders", () => Orders.All).WithPopcorn().CacheOutput(); // cached per selection, never one for another
app.MapGet("/orders/{id:int}", Results<Ok<Order>, NotFound> (int id) =>
    Orders.Find(id) is { } order ? TypedResults.Ok(order) : TypedResults.NotFound()).WithPopcorn();

app.MapPopcornGateway("/graphql", gateway => gateway
    .Field("orders", () => Orders.All)
    .Field("order", (int id) => Orders.Find(id)));

app.Run();

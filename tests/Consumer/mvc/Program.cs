// A `dotnet new webapi --use-controllers` app's Program.cs, with Popcorn added as the README tells a user to.
using Shop;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
builder.Services.AddPopcorn(options => options.AddContext(ShopJsonContext.Default));
builder.Services.AddOpenApi(options => options.AddPopcorn()); // the template's own Microsoft.AspNetCore.OpenApi reference
builder.Services.AddOutputCache();
var app = builder.Build();

app.UseOutputCache();
app.MapOpenApi();
app.MapControllers();
app.MapPopcornGateway("/graphql", gateway => gateway
    .Field("orders", () => Orders.All)
    .Field("order", (int id) => Orders.Find(id)));

app.Run();

// A `dotnet new web` app with Popcorn.EntityFrameworkCore and EF Core's SQLite provider, as the README's quickstart
// tells a user to: the selection is pushed down to the database (run.sh reads the SQL at /sql).
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using ShopData;

var builder = WebApplication.CreateBuilder(args);
var connection = new SqliteConnection("Data Source=:memory:"); // one open connection keeps the in-memory database alive
connection.Open();
var lastSql = new LastSql();
builder.Services.AddSingleton(lastSql);
builder.Services.AddDbContext<StoreDb>(options => options.UseSqlite(connection).AddInterceptors(lastSql));
builder.Services.AddPopcorn(options => options.AddContext(StoreJsonContext.Default));
builder.Services.AddPopcornEntityFrameworkCore();
var app = builder.Build();

using (var scope = app.Services.CreateScope())
{
    StoreDb.Seed(scope.ServiceProvider.GetRequiredService<StoreDb>());
}

app.MapGet("/orders", (StoreDb db) => db.Orders.OrderBy(o => o.Id)).WithPopcorn();
app.MapGet("/sql", (LastSql sql) => sql.Text);
app.MapPopcornGateway("/graphql", gateway => gateway
    .Field("orders", (StoreDb db) => db.Orders.OrderBy(o => o.Id)));

app.Run();

using Popcorn.EmbeddedPlayground.App;

// An app as a user writes it: its own names for the selection, the playground at a path of its choosing.
var builder = WebApplication.CreateBuilder(args);
builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, ShelfJsonContext.Default));
builder.Services.AddPopcorn(options =>
{
    options.AddContext(ShelfJsonContext.Default);
    options.QueryParameterName = "fields";
    options.HeaderName = "X-Fields";
});

Book[] shelf = [new(1, "Dune", "Frank Herbert", 1965), new(2, "Emma", "Jane Austen", 1815)];

var app = builder.Build();
app.MapGet("/api/books", () => shelf).WithPopcorn();
app.MapPopcornSchema();
app.MapPopcornGateway("/api/graphql", gateway => gateway.Field("books", () => shelf));

// The tests run it in Production, as a deployed app would be, so the switch is part of what they cover.
app.MapPopcornPlayground("/docs/playground", options => options.EnableOutsideDevelopment = true);
app.Run();

// The gateway: no data of its own. Popcorn:Upstreams (appsettings.json) says where the services answer; each one's
// schema is read when the gateway starts, so start the services first (run.sh does).
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));

var app = builder.Build();
app.MapPopcornGateway("/graphql", gateway => gateway
    .Upstream("orders")
    .Upstream("customers"));
app.Run();

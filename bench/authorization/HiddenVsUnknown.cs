// The program bench/hidden-vs-unknown.sh builds in a scratch folder: it counts, with the harness of
// bench/callgrind/run.sh, the instructions one REST request and one /graphql request take in Popcorn's endpoint code
// (the endpoint's request delegate, its filter and Popcorn's pipeline, the problem or error written to a buffer; not
// Kestrel, routing or the socket) for a caller refused the `sales` policy, naming a field that policy hides, a field
// that does not exist, and a [Never] field. docs/authorization.md quotes the table.
using System.Security.Claims;
using System.Text;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Popcorn;
using Popcorn.Benchmarks.Instructions;

string? filter = null;
string? markers = null;
for (int i = 0; i < args.Length; i++)
{
    if (args[i] == "--markers" && i + 1 < args.Length)
    {
        markers = args[++i];
    }
    else if (args[i] != "--instructions")
    {
        filter = args[i];
    }
}

var builder = WebApplication.CreateSlimBuilder(["--environment", "Production", "--Logging:LogLevel:Default=None"]);
builder.Services.AddAuthorization(options => options.AddPolicy("sales", policy => policy.RequireRole("sales")));
builder.Services.AddPopcorn(options => options.AddContext(BenchAccountsContext.Default));
var app = builder.Build();
app.MapGet("/accounts/{id:int}", (int id) => Results.Ok(new BenchAccount { Id = id, Name = "Acme", CreditLimit = 25_000m, Password = "hunter2" })).WithPopcorn<BenchAccount>();
app.MapPopcornGateway("/graphql", gateway => gateway.Field("account", (int id) => new BenchAccount { Id = id, Name = "Acme", CreditLimit = 25_000m }));
var endpoints = ((IEndpointRouteBuilder)app).DataSources.SelectMany(d => d.Endpoints).OfType<RouteEndpoint>().ToList();
var rest = endpoints.Single(e => e.RoutePattern.RawText == "/accounts/{id:int}");
var gatewayEndpoint = endpoints.First(e => e.RoutePattern.RawText?.TrimEnd('/') == "/graphql" && e.Metadata.GetMetadata<HttpMethodMetadata>()?.HttpMethods.Contains("POST") == true);
var caller = new ClaimsPrincipal(new ClaimsIdentity([new Claim(ClaimTypes.Role, "support")], "bench"));
using var scope = app.Services.CreateScope();

InstructionCase Rest(string name, string selection) => Case($"Rest/{name}", rest, "GET", "/accounts/1", "?include=" + Uri.EscapeDataString(selection), null, 400);
InstructionCase Gateway(string name, string field) => Case($"Gateway/{name}", gatewayEndpoint, "POST", "/graphql", "", $$"""{"query":"{ account(id: 1) { name {{field}} } }"}""", 400);

InstructionCase Case(string name, RouteEndpoint endpoint, string method, string path, string query, string? body, int status)
{
    byte[] bodyBytes = body is null ? [] : Encoding.UTF8.GetBytes(body);
    var output = new MemoryStream();
    HttpContext NewContext()
    {
        var context = new DefaultHttpContext { RequestServices = scope.ServiceProvider, User = caller };
        context.Request.Method = method;
        context.Request.Path = path;
        context.Request.QueryString = new QueryString(query);
        context.Request.RouteValues["id"] = "1";
        if (body is not null)
        {
            context.Request.Headers.Accept = "application/graphql-response+json";
            context.Request.ContentType = "application/json";
            context.Request.ContentLength = bodyBytes.Length;
            context.Request.Body = new MemoryStream(bodyBytes, writable: false);
        }

        output.SetLength(0);
        context.Response.Body = output;
        context.SetEndpoint(endpoint);
        return context;
    }

    void Run()
    {
        var context = NewContext();
        var task = endpoint.RequestDelegate!(context);
        if (!task.IsCompletedSuccessfully)
        {
            // Work on another thread would not be counted (the count is the main thread's): refuse to report it.
            task.GetAwaiter().GetResult();
            throw new InvalidOperationException($"{name} did not complete synchronously.");
        }

        if (context.Response.StatusCode != status)
        {
            throw new InvalidOperationException($"{name} answered {context.Response.StatusCode}: {Encoding.UTF8.GetString(output.ToArray())}");
        }
    }

    Run();
    Console.Error.WriteLine($"{name}: {Encoding.UTF8.GetString(output.ToArray())}");
    return new InstructionCase(name, 500, Run);
}

return InstructionRunner.Run(
    [
        Rest("Hidden", "[name,creditLimit]"), Rest("Unknown", "[name,creditLimiq]"), Rest("Never", "[name,password]"),
        Gateway("Hidden", "creditLimit"), Gateway("Unknown", "creditLimiq"), Gateway("Never", "password"),
    ],
    filter,
    markers);

/// <summary>The accounts of the authorization tests, reduced to what the requests name.</summary>
public sealed class BenchAccount
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    [Default, PopcornAuthorize("sales")] public decimal CreditLimit { get; init; }

    [Never, JsonIgnore] public string? Password { get; init; }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(BenchAccount))]
public partial class BenchAccountsContext : JsonSerializerContext;

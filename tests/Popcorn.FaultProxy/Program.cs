// A fault-injecting proxy in front of one real service of the multi-service sample, its own process, for the gateway's
// fault tests (tests/Popcorn.StoreServices.Tests). Every request is passed on to --Target unchanged until a test asks,
// by POST /__fault?mode=..., for a fault; the documents a gateway reads at startup (/popcorn/schema, /openapi/...) are
// always passed on, so a gateway can start over it. GET /__received?from=n lists what it received since the n-th call.
using System.Text.Json.Nodes;
using Popcorn.FaultProxy;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.AddFilter("Microsoft.AspNetCore", LogLevel.Warning);
var target = new Uri(builder.Configuration["Target"] ?? throw new InvalidOperationException("Name the service to pass requests on to: --Target=http://127.0.0.1:5302"));
var app = builder.Build();

var state = new FaultState();
using var service = new HttpClient(new SocketsHttpHandler { UseCookies = false, AllowAutoRedirect = false })
{
    BaseAddress = target,
    Timeout = Timeout.InfiniteTimeSpan,
};

app.MapPost("/__fault", (string mode, int? code) =>
{
    if (!FaultState.Modes.Contains(mode))
    {
        return Results.BadRequest($"Unknown mode '{mode}'; one of: {string.Join(", ", FaultState.Modes)}.");
    }

    state.Set(mode, code ?? 500);
    return Results.NoContent();
});
app.MapGet("/__received", (int? from) => Results.Text(state.Received(from ?? 0).ToJsonString(), "application/json"));
app.Map("/{**path}", async context =>
{
    var request = context.Request;
    bool document = request.Path.StartsWithSegments("/popcorn/schema") || request.Path.StartsWithSegments("/openapi");
    var (mode, code) = document ? ("healthy", 0) : state.Current;
    var call = state.Record(request, mode);
    var response = context.Response;
    switch (mode)
    {
        case "slow":
            // Answers after a minute, unless the caller gives up first (which is what a gateway's timeout must do).
            if (await call.HoldAsync(context.RequestAborted))
            {
                return;
            }

            await PassOnAsync(context);
            return;
        case "status":
            response.StatusCode = code;
            await response.WriteAsync($"fault injected: {code}");
            return;
        case "healthy":
            await PassOnAsync(context);
            return;
    }

    using var answer = await SendAsync(context);
    byte[] body = await answer.Content.ReadAsByteArrayAsync(context.RequestAborted);
    response.StatusCode = (int)answer.StatusCode;
    response.ContentType = "application/json";
    switch (mode)
    {
        case "malformed":
            // A complete response whose JSON stops half-way, as a service that crashed mid-write and was cut short.
            response.ContentLength = body.Length / 2;
            await response.Body.WriteAsync(body.AsMemory(0, body.Length / 2));
            break;
        case "wrong-type":
            // Every string value becomes the number 42: valid JSON that breaks any schema promising a string.
            byte[] retyped = System.Text.Encoding.UTF8.GetBytes(FaultState.Retype(JsonNode.Parse(body))!.ToJsonString());
            response.ContentLength = retyped.Length;
            await response.Body.WriteAsync(retyped);
            break;
        case "oversized":
        case "oversized-declared":
            // The real answer after 200 kB of whitespace: valid JSON, larger than the gateway's cap. With its length
            // declared, the gateway can refuse it by its Content-Length; without, it must stop while reading.
            byte[] padding = new byte[200 * 1024];
            padding.AsSpan().Fill((byte)' ');
            if (mode == "oversized-declared")
            {
                response.ContentLength = padding.Length + body.Length;
            }

            for (int at = 0; at < padding.Length; at += 16 * 1024)
            {
                await response.Body.WriteAsync(padding.AsMemory(at, 16 * 1024), context.RequestAborted);
                await response.Body.FlushAsync(context.RequestAborted);
            }

            await response.Body.WriteAsync(body, context.RequestAborted);
            break;
        case "stalled-body":
            // The headers and half the body, then nothing more: a body that never finishes.
            await response.Body.WriteAsync(body.AsMemory(0, body.Length / 2));
            await response.Body.FlushAsync();
            await call.HoldAsync(context.RequestAborted);
            context.Abort();
            break;
    }
});

app.Run();

async Task<HttpResponseMessage> SendAsync(HttpContext context)
{
    var request = new HttpRequestMessage(new HttpMethod(context.Request.Method), context.Request.Path + context.Request.QueryString);
    foreach (var (name, values) in context.Request.Headers)
    {
        if (!name.Equals("Host", StringComparison.OrdinalIgnoreCase))
        {
            request.Headers.TryAddWithoutValidation(name, (IEnumerable<string?>)values);
        }
    }

    return await service.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, context.RequestAborted);
}

async Task PassOnAsync(HttpContext context)
{
    using var answer = await SendAsync(context);
    context.Response.StatusCode = (int)answer.StatusCode;
    foreach (var (name, values) in answer.Headers.Concat(answer.Content.Headers))
    {
        if (!name.Equals("Transfer-Encoding", StringComparison.OrdinalIgnoreCase))
        {
            context.Response.Headers[name] = values.ToArray();
        }
    }

    await answer.Content.CopyToAsync(context.Response.Body, context.RequestAborted);
}

using System.Collections.Concurrent;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A plain JSON service on real Kestrel, without Popcorn: shipments as a hand-written API answers them (every field,
/// keys in its own order, one field its document does not describe), described by a hand-written OpenAPI 3.0 document
/// at <c>/openapi.json</c> (<see cref="ShippingDocument"/>). <c>/faulty/{fault}</c> answers with a fault injected. It
/// records the path and query of every call.
/// </summary>
public sealed class PlainShippingService : IAsyncDisposable
{
    /// <summary>Two shipments, keys not in the document's order, with <c>internalCost</c>, which the document does not describe.</summary>
    public const string Shipments = """
        [
          {"internalCost": 12.5, "trackingCode": "PK-1", "id": 1, "delivered": true, "carrier": "Posten", "weightKg": 1.25,
           "destination": {"postcode": "0150", "city": "Oslo"}, "labels": ["fragile"],
           "events": [{"note": "picked up", "at": "2026-01-05T09:00:00+00:00"}, {"at": "2026-01-06T10:30:00+00:00", "note": "delivered", "next": null}]},
          {"id": 2, "trackingCode": "PK-\"2\"", "delivered": false, "carrier": null, "destination": {"city": "Bergen"},
           "returnTo": {"city": "Oslo"}, "events": []}
        ]
        """;

    private WebApplication? _app;

    /// <summary>The path and query of every call the service got, its document's reads included.</summary>
    public ConcurrentQueue<string> Calls { get; } = new();

    public Uri BaseAddress => new(_app!.Urls.First());

    /// <summary>More OpenAPI documents, served at <c>/docs/{name}.json</c>, for the startup tests.</summary>
    public ConcurrentDictionary<string, string> Documents { get; } = new();

    public async Task StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        _app = builder.Build();
        _app.Use(async (context, next) =>
        {
            Calls.Enqueue(context.Request.Path + context.Request.QueryString);
            await next(context);
        });
        _app.MapGet("/openapi.json", () => Results.Text(ShippingDocument.Json, "application/json"));
        _app.MapGet("/docs/{name}.json", (string name) => Documents.TryGetValue(name, out var document) ? Results.Text(document, "application/json") : Results.NotFound());
        _app.MapGet("/shipments", (string? carrier) => Results.Text(carrier is null ? Shipments : "[]", "application/json"));
        _app.MapGet("/shipments/{id:int}", (int id) => id == 2
            ? Results.Text("""{"delivered": false, "trackingCode": "PK-\"2\"", "id": 2, "destination": {"city": "Bergen"}}""", "application/json")
            : Results.NotFound());
        _app.MapGet("/faulty/trickle-{size:int}", (int size, HttpContext context) => TrickleAsync(context, Shipments, size));
        _app.MapGet("/faulty/endless", EndlessAsync);
        _app.MapGet("/faulty/large-then-broken", (HttpContext context) => LargeThenAsync(context, hang: false));
        _app.MapGet("/faulty/large-then-hang", (HttpContext context) => LargeThenAsync(context, hang: true));
        _app.MapGet("/faulty/{fault}", (string fault) => fault switch
        {
            "wrong-type" => Results.Text("""[{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}}, {"id": 2, "trackingCode": 42, "delivered": true, "destination": {"city": "Oslo"}}]""", "application/json"),
            "fractional-id" => Results.Text("""[{"id": 1.5, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}}]""", "application/json"),
            "not-a-date" => Results.Text("""[{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}, "events": [{"at": "2026-01-02T03:04:05Z"}, {"at": "soon"}]}]""", "application/json"),
            "missing-required" => Results.Text("""[{"id": 1, "trackingCode": "PK-1", "delivered": true}]""", "application/json"),
            "null-required" => Results.Text("""[{"id": 1, "trackingCode": null, "delivered": true, "destination": {"city": "Oslo"}}]""", "application/json"),
            "null-element" => Results.Text("""[{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}}, null]""", "application/json"),
            "malformed" => Results.Text("""[{"id": 1, "trackingCode": "PK""", "application/json"),
            "trailing" => Results.Text("""[{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}}] [""", "application/json"),
            "oversized" => Results.Text("[" + string.Join(",", Enumerable.Repeat("""{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}, "padding": "{x}"}""".Replace("{x}", new string('x', 1000), StringComparison.Ordinal), 100)) + "]", "application/json"),
            "not-found" => Results.NotFound(),
            _ => Results.StatusCode(503),
        });
        _app.MapGet("/ping", () => "pong");
        await _app.StartAsync();
    }

    /// <summary>Sends <paramref name="body"/> <paramref name="size"/> bytes at a time, each flushed: tokens and elements cut anywhere.</summary>
    private static async Task TrickleAsync(HttpContext context, string body, int size)
    {
        context.Response.ContentType = "application/json";
        byte[] bytes = Encoding.UTF8.GetBytes(body);
        for (int i = 0; i < bytes.Length; i += size)
        {
            await context.Response.Body.WriteAsync(bytes.AsMemory(i, Math.Min(size, bytes.Length - i)));
            await context.Response.Body.FlushAsync();
        }
    }

    /// <summary>Sends three shipments of a list that never ends: the response stays open until the caller leaves.</summary>
    private static async Task EndlessAsync(HttpContext context)
    {
        context.Response.ContentType = "application/json";
        await context.Response.WriteAsync("""[{"id": 1, "trackingCode": "PK-1", "delivered": true, "destination": {"city": "Oslo"}},""");
        await context.Response.WriteAsync("""{"id": 2, "trackingCode": "PK-2", "delivered": true, "destination": {"city": "Oslo"}},""");
        await context.Response.WriteAsync("""{"id": 3, "trackingCode": "PK-3", "delivered": true, "destination": {"city": "Oslo"}},""");
        await context.Response.Body.FlushAsync();
        try
        {
            await Task.Delay(Timeout.Infinite, context.RequestAborted);
        }
        catch (OperationCanceledException)
        {
            // the gateway stopped reading
        }
    }

    /// <summary>
    /// About 2 MB of good shipments, then one whose tracking code is a number and the end of the list; or, with
    /// <paramref name="hang"/>, nothing more until the caller leaves.
    /// </summary>
    private static async Task LargeThenAsync(HttpContext context, bool hang)
    {
        context.Response.ContentType = "application/json";
        string code = new('x', 600);
        await context.Response.WriteAsync("[");
        for (int id = 1; id <= 3000; id++)
        {
            await context.Response.WriteAsync("{\"id\": " + id + ", \"trackingCode\": \"" + code + "\", \"delivered\": true, \"destination\": {\"city\": \"Oslo\"}},");
        }

        if (hang)
        {
            await context.Response.Body.FlushAsync();
            try
            {
                await Task.Delay(Timeout.Infinite, context.RequestAborted);
            }
            catch (OperationCanceledException)
            {
                // the gateway stopped reading
            }

            return;
        }

        await context.Response.WriteAsync("""{"id": 0, "trackingCode": 42, "delivered": true, "destination": {"city": "Oslo"}}]""");
    }

    public async ValueTask DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}

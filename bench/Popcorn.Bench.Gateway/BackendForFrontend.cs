using System.Text.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Bench.Gateway;

/// <summary>
/// The hand-written backend-for-frontend a team writes without a gateway: fetch each service's full JSON (both at
/// once), parse it to <see cref="JsonNode"/>, join orders to customers by key, pick the fields the screen shows, and
/// serialize: the same answer as the gateway's for <c>[id,customer[name]]</c> (narrow) and
/// <c>[id,placedAt,status,total,lines[sku,quantity],customer[name,email]]</c> (deep), keys in the same order.
/// </summary>
public static class BackendForFrontend
{
    // The services' own escaping (a date's '+' as it is), which the gateway keeps too: the answers are compared byte for byte.
    private static readonly JsonSerializerOptions s_output = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static void MapBackendForFrontend(this WebApplication app)
    {
        app.MapGet("/bff/orders/narrow", (IHttpClientFactory clients, CancellationToken token) =>
            AnswerAsync(clients, token, static (order, customer) => new JsonObject
            {
                ["id"] = order["id"]!.DeepClone(),
                ["customer"] = new JsonObject { ["id"] = customer["id"]!.DeepClone(), ["name"] = customer["name"]!.DeepClone() },
            }));
        app.MapGet("/bff/orders/deep", (IHttpClientFactory clients, CancellationToken token) =>
            AnswerAsync(clients, token, static (order, customer) => new JsonObject
            {
                ["id"] = order["id"]!.DeepClone(),
                ["placedAt"] = order["placedAt"]!.DeepClone(),
                ["status"] = order["status"]!.DeepClone(),
                ["total"] = order["total"]!.DeepClone(),
                ["lines"] = new JsonArray(order["lines"]!.AsArray().Select(line => (JsonNode)new JsonObject
                {
                    ["id"] = line!["id"]!.DeepClone(),
                    ["sku"] = line["sku"]!.DeepClone(),
                    ["quantity"] = line["quantity"]!.DeepClone(),
                }).ToArray()),
                ["customer"] = new JsonObject
                {
                    ["id"] = customer["id"]!.DeepClone(),
                    ["name"] = customer["name"]!.DeepClone(),
                    ["email"] = customer["email"]!.DeepClone(),
                },
            }));
    }

    private static async Task<IResult> AnswerAsync(IHttpClientFactory clients, CancellationToken token, Func<JsonNode, JsonNode, JsonObject> pick)
    {
        var orders = FetchAsync(clients, BenchUpstreams.Orders, BenchUpstreams.FullOrders, token);
        var customers = FetchAsync(clients, BenchUpstreams.Customers, BenchUpstreams.FullCustomers, token);
        var byId = (await customers).AsArray().ToDictionary(c => c!["id"]!.GetValue<int>(), c => c!);
        var answer = new JsonArray((await orders).AsArray().Select(order => (JsonNode)pick(order!, byId[order!["customerId"]!.GetValue<int>()])).ToArray());
        return Results.Content(answer.ToJsonString(s_output), "application/json");
    }

    private static async Task<JsonNode> FetchAsync(IHttpClientFactory clients, string name, string path, CancellationToken token)
    {
        await using var body = await clients.CreateClient(name).GetStreamAsync(path, token);
        return (await JsonNode.ParseAsync(body, cancellationToken: token))!;
    }
}

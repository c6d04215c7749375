using System.Text;

namespace Popcorn.Bench.Gateway;

/// <summary>
/// A plain JSON shipping service whose shipment list is as large as asked (configuration key
/// <c>LargeShipmentsMegabytes</c>, on <c>LargeShipmentsPort</c>), for bench/gateway/memory.sh: it answers the real
/// shipping service's OpenAPI document, so a gateway pointed at it serves the same root fields, and generates
/// <c>/shipments</c> as it writes it (every shipment about a kilobyte, eight tracking events each), so its own memory
/// stays flat while the gateway reads the whole body.
/// </summary>
public static class LargeShipments
{
    public static void MapLargeShipments(this WebApplication app, int port, long bytes, Uri shippingAddress)
    {
        var host = $"*:{port}";
        app.MapGet("/openapi/v1.json", async (IHttpClientFactory clients) =>
                Results.Text(await clients.CreateClient().GetStringAsync(new Uri(shippingAddress, "/openapi/v1.json")), "application/json"))
            .RequireHost(host);
        app.MapGet("/shipments", (HttpContext context) => WriteAsync(context, bytes)).RequireHost(host);
    }

    private static async Task WriteAsync(HttpContext context, long bytes)
    {
        context.Response.ContentType = "application/json";
        var chunk = new StringBuilder(80 * 1024);
        long written = 1;
        chunk.Append('[');
        for (int id = 1; written < bytes; id++)
        {
            int before = chunk.Length;
            if (id > 1)
            {
                chunk.Append(',');
            }

            Shipment(chunk, id);
            written += chunk.Length - before;
            if (chunk.Length >= 64 * 1024)
            {
                await context.Response.WriteAsync(chunk.ToString());
                chunk.Clear();
            }
        }

        chunk.Append(']');
        await context.Response.WriteAsync(chunk.ToString());
    }

    private static void Shipment(StringBuilder json, int id)
    {
        json.Append("{\"id\":").Append(id).Append(",\"orderId\":").Append(id % 10_000 + 1)
            .Append(",\"carrier\":\"Posten\",\"trackingCode\":\"PK-").Append(id).Append('"')
            .Append(",\"delivered\":").Append(id % 3 == 0 ? "true" : "false")
            .Append(",\"destination\":{\"city\":\"Oslo\",\"postcode\":\"0150\"},\"events\":[");
        for (int e = 0; e < 8; e++)
        {
            json.Append(e == 0 ? "" : ",").Append("{\"at\":\"2026-01-0").Append(e + 1).Append("T09:00:00+00:00\",\"note\":\"scanned at terminal ").Append(e)
                .Append(", sorted onto the next outbound vehicle\"}");
        }

        json.Append("],\"weightKg\":1.25}");
    }
}

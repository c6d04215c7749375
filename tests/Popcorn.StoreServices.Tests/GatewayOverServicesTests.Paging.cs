using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Popcorn.StoreServices.Tests;

// The gateway's /api/orders paged by cursor, as the orders service's own /api/orders is: Link: rel="next" (docs/gateway.md, "REST resources").
public sealed partial class GatewayOverServicesTests
{
    [Fact]
    public async Task RestResourceOnTheGateway_PagedByCursor_ItsLinksReadEveryOrderOnce_AsTheServicesOwnResourceDoes()
    {
        using var service = new HttpClient { BaseAddress = services.Orders.Address };
        var direct = await FollowAsync(service, "/api/orders?include=" + Uri.EscapeDataString("(first: 7, orderBy: {placedAt: DESC})[id,status]"));

        var viaGateway = await FollowAsync(services.Client, "/api/orders?include=" + Uri.EscapeDataString("(first: 7, orderBy: {placedAt: DESC})[id,status,customer[name]]"));

        direct.Count.ShouldBe(40);
        viaGateway.Select(o => (int)o["id"]!).ShouldBe(direct.Select(o => (int)o["id"]!));
        viaGateway.Select(o => (string)o["status"]!).ShouldBe(direct.Select(o => (string)o["status"]!));
        // Seeded: order n belongs to customer (n - 1) % 12 + 1; customer 1 is Ada Lovelace.
        viaGateway.Where(o => ((int)o["id"]! - 1) % 12 == 0).ShouldAllBe(o => (string)o["customer"]!["name"]! == "Ada Lovelace");
    }

    /// <summary>Every element of every page from <paramref name="first"/> on, following each page's Link: rel="next".</summary>
    private static async Task<List<JsonNode>> FollowAsync(HttpClient client, string first)
    {
        var read = new List<JsonNode>();
        string? next = first;
        for (int pages = 0; next is not null; pages++)
        {
            pages.ShouldBeLessThan(10);
            using var response = await client.GetAsync(next);
            string text = await response.Content.ReadAsStringAsync();
            ((int)response.StatusCode).ShouldBe(200, text);
            read.AddRange(JsonNode.Parse(text)!.AsArray().Select(o => o!));
            next = response.Headers.TryGetValues("Link", out var links) ? LinkTarget().Match(links.Single()).Groups[1].Value : null;
        }

        return read;
    }

    [GeneratedRegex("^<([^>]+)>; rel=\"next\"$")]
    private static partial Regex LinkTarget();
}

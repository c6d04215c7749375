using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Adoption;

/// <summary>
/// Output caching turned on app-wide by a base policy (<c>AddBasePolicy(b => b.Cache())</c>), on an MVC action that has
/// no cache policy of its own. A response served from the cache carries an <c>Age</c> header.
/// </summary>
public class BasePolicyOutputCachingTests(BasePolicyLedgerServer server) : IClassFixture<BasePolicyLedgerServer>
{
    [Fact]
    public async Task Get_MvcActionCachedByABasePolicy_SharesOneEntryAcrossSpellingsAndTransports()
    {
        using var created = await server.Client.PostAsJsonAsync("/invoices", new { customer = "Grace", total = 12 });
        int id = JsonNode.Parse(await created.Content.ReadAsStringAsync())!["id"]!.GetValue<int>();
        string path = $"/mvc/invoices/{id}";

        var first = await Get(path + "?include=" + Uri.EscapeDataString("[total,customer]"));
        var graphql = await Get(path + "?include=" + Uri.EscapeDataString("{ customer total }"));
        var header = await Get(path, header: "[customer,total]");
        var other = await Get(path + "?include=%5Btotal%5D");

        (first.Status, first.Cached).ShouldBe((200, false));
        (graphql.Status, graphql.Cached, graphql.Body).ShouldBe((200, true, first.Body));
        (header.Status, header.Cached, header.Body).ShouldBe((200, true, first.Body));
        (other.Status, other.Cached).ShouldBe((200, false));
        other.Body.ShouldNotContain("customer");
    }

    private async Task<(int Status, bool Cached, string Body)> Get(string url, string? header = null)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        if (header is not null)
        {
            request.Headers.Add("Popcorn-Include", header);
        }

        using var response = await server.Client.SendAsync(request);
        return ((int)response.StatusCode, response.Headers.Age is not null, await response.Content.ReadAsStringAsync());
    }
}

using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Adoption;

public class OutputCachingTests(LedgerServer server) : IClassFixture<LedgerServer>
{
    [Fact]
    public async Task Get_CachedEndpoint_NeverServesOneHeaderSelectionForAnother()
    {
        (await server.Client.PostAsJsonAsync("/invoices", new { customer = "Ada", total = 7 })).EnsureSuccessStatusCode();

        string customers = await GetWithHeader("[customer]");
        string totals = await GetWithHeader("[total]");
        string customersAgain = await GetWithHeader("[customer]");

        JsonNode.Parse(customers)!.AsArray().ShouldAllBe(invoice => invoice!["customer"] != null && invoice["total"] == null);
        JsonNode.Parse(totals)!.AsArray().ShouldAllBe(invoice => invoice!["total"] != null && invoice["customer"] == null);
        customersAgain.ShouldBe(customers);
    }

    [Fact]
    public async Task Get_SameSelectionTwice_IsServedFromTheCache()
    {
        await GetWithHeader("[id]");
        int reads = server.Ledger.Reads;

        await GetWithHeader("[id]");

        server.Ledger.Reads.ShouldBe(reads);
    }

    private async Task<string> GetWithHeader(string selection)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/invoices");
        request.Headers.Add("Popcorn-Include", selection);
        using var response = await server.Client.SendAsync(request);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsStringAsync();
    }
}

using System.Net.Http.Json;
using Popcorn.Server.Tests.Adoption;

namespace Popcorn.Server.Tests.Formats;

/// <summary>Output caching keys a Popcorn entry by the negotiated format: a CSV body never answers a JSON request, and JSON's spellings of Accept share one entry.</summary>
public class FormatOutputCachingTests(LedgerServer server) : IClassFixture<LedgerServer>
{
    [Fact]
    public async Task Get_CsvAndJsonOfOneSelection_AreTwoEntries_EachServedFromTheCache()
    {
        (await server.Client.PostAsJsonAsync("/invoices", new { customer = "Ada", total = 7 })).EnsureSuccessStatusCode();

        var csv = await FormatClient.GetAsync(server.Client, "/invoices", "text/csv", "[customer]");
        var json = await FormatClient.GetAsync(server.Client, "/invoices", null, "[customer]");
        int reads = server.Ledger.Reads;
        var csvAgain = await FormatClient.GetAsync(server.Client, "/invoices", "text/csv", "[customer]");
        var jsonAgain = await FormatClient.GetAsync(server.Client, "/invoices", "*/*", "[customer]");
        var browser = await FormatClient.GetAsync(server.Client, "/invoices", "text/html,application/xhtml+xml,*/*;q=0.8", "[customer]");

        csv.ContentType.ShouldStartWith("text/csv");
        csv.Body.ShouldStartWith("id,customer\r\n");
        json.Body.ShouldStartWith("[");
        csvAgain.Body.ShouldBe(csv.Body);
        csvAgain.ContentType.ShouldBe(csv.ContentType);
        jsonAgain.Body.ShouldBe(json.Body);
        browser.Body.ShouldBe(json.Body);
        server.Ledger.Reads.ShouldBe(reads);
    }
}

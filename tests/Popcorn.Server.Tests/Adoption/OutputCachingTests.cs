using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests.Adoption;

/// <summary>
/// ASP.NET Core output caching on a Popcorn endpoint (<c>GET /invoices</c>, <c>.WithPopcorn().CacheOutput()</c>): the
/// ledger counts handler runs, so a request served from the cache is one that did not add to it.
/// </summary>
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
    public async Task Get_SelectionsDifferingOnlyByRootArguments_NeverShareAnEntry()
    {
        (await server.Client.PostAsJsonAsync("/invoices", new { customer = "Ada", total = 7 })).EnsureSuccessStatusCode();
        (await server.Client.PostAsJsonAsync("/invoices", new { customer = "Bob", total = 8 })).EnsureSuccessStatusCode();

        string one = await GetWithHeader("(first: 1)[id]");
        string two = await GetWithHeader("(first: 2)[id]");
        string all = await GetWithHeader("[id]");

        JsonNode.Parse(one)!.AsArray().Count.ShouldBe(1);
        JsonNode.Parse(two)!.AsArray().Count.ShouldBe(2);
        JsonNode.Parse(all)!.AsArray().Count.ShouldBeGreaterThanOrEqualTo(2);
        (await GetWithHeader("(first: 1)[id]")).ShouldBe(one);
    }

    [Fact]
    public async Task Get_SameSelectionTwice_IsServedFromTheCache()
    {
        await GetWithHeader("[id]");
        int reads = server.Ledger.Reads;

        await GetWithHeader("[id]");

        server.Ledger.Reads.ShouldBe(reads);
    }

    [Fact]
    public async Task Get_BothSyntaxesAndBothTransports_ShareOneEntry()
    {
        int reads = server.Ledger.Reads;

        var first = await Get("?include=" + Uri.EscapeDataString("[total,customer]"));
        var graphql = await Get("?include=" + Uri.EscapeDataString("{ customer total }"));
        var header = await Get(string.Empty, header: "[customer,total]");
        var headerGraphQL = await Get(string.Empty, header: "{ total customer id }");

        server.Ledger.Reads.ShouldBe(reads + 1);
        first.Status.ShouldBe(200);
        graphql.Body.ShouldBe(first.Body);
        header.Body.ShouldBe(first.Body);
        headerGraphQL.Body.ShouldBe(first.Body);
    }

    [Fact]
    public async Task Get_StoredSelectionAndTheSameSelectionSpelledOut_ShareOneEntry()
    {
        // docs/persisted-queries.md: a sha256: reference varies the cache by the text it names, not by the hash.
        const string text = "[customer,total]";
        string hash = DocumentHash.Of(text);
        await server.Services.GetRequiredService<PersistedQueryStore>().SaveAsync(hash, text, CancellationToken.None);
        int reads = server.Ledger.Reads;

        var stored = await Get("?page=stored&include=" + Uri.EscapeDataString("sha256:" + hash));
        var spelled = await Get("?page=stored&include=" + Uri.EscapeDataString("{ total customer }"));
        var storedAgain = await Get("?page=stored&include=" + Uri.EscapeDataString("sha256:" + hash));

        stored.Status.ShouldBe(200);
        server.Ledger.Reads.ShouldBe(reads + 1);
        spelled.Body.ShouldBe(stored.Body);
        storedAgain.Body.ShouldBe(stored.Body);
    }

    [Fact]
    public async Task Get_StoredSelectionNothingIsStoredUnder_IsA400EveryTime()
    {
        string missing = "sha256:" + DocumentHash.Of("[customer,id,total]");

        var first = await Get("?page=missing&include=" + Uri.EscapeDataString(missing));
        var second = await Get("?page=missing&include=" + Uri.EscapeDataString(missing));

        first.Status.ShouldBe(400);
        second.Status.ShouldBe(400);
    }

    [Fact]
    public async Task Get_DefaultsSpelledOutOrLeftOut_ShareOneEntry()
    {
        // An invoice's defaults are its [Always] id and its [Default] customer: three spellings, one response.
        var none = await Get("?page=defaults");
        int reads = server.Ledger.Reads;

        var spelled = await Get("?page=defaults&include=" + Uri.EscapeDataString("[customer]"));
        var wildcard = await Get("?page=defaults&include=" + Uri.EscapeDataString("[!default]"));

        server.Ledger.Reads.ShouldBe(reads);
        spelled.Body.ShouldBe(none.Body);
        wildcard.Body.ShouldBe(none.Body);
    }

    [Fact]
    public async Task Get_OtherQueryParameters_StillSeparateEntries()
    {
        await Get("?include=%5Bid%5D&page=1");
        int reads = server.Ledger.Reads;

        await Get("?include=%5Bid%5D&page=2");
        await Get("?PAGE=2&include=%5Bid%5D");

        server.Ledger.Reads.ShouldBe(reads + 1);
    }

    [Fact]
    public async Task Get_RefusedSelection_IsA400EveryTimeAndNeverTheCachedDefaults()
    {
        await Get(string.Empty); // the defaults are cached now
        int reads = server.Ledger.Reads;

        var badQuery = await Get("?include=%5Bnope%5D");
        var badQueryAgain = await Get("?include=%5Bnope%5D");
        var badHeader = await Get(string.Empty, header: "[customer");

        badQuery.Status.ShouldBe(400);
        badQueryAgain.Status.ShouldBe(400);
        badHeader.Status.ShouldBe(400);
        badHeader.Body.ShouldContain("column");
        server.Ledger.Reads.ShouldBe(reads);
    }

    [Fact]
    public async Task EvictByTag_TheModelTypesTag_DropsItsEntriesAndNoOthers()
    {
        var store = server.Services.GetRequiredService<IOutputCacheStore>();
        await Get("?include=%5Btotal%5D&page=evict");
        int reads = server.Ledger.Reads;

        await store.EvictByTagAsync("popcorn:Employee", default);
        await Get("?include=%5Btotal%5D&page=evict");
        server.Ledger.Reads.ShouldBe(reads);

        await store.EvictByTagAsync("popcorn:Invoice", default);
        await Get("?include=%5Btotal%5D&page=evict");
        server.Ledger.Reads.ShouldBe(reads + 1);
    }

    [Fact]
    public async Task Get_IfNoneMatchOnACachedEntry_Is304FromTheCacheWithETagAndVary()
    {
        using var first = await server.Client.GetAsync("/invoices?include=%5Bid,total%5D&page=etag");
        string etag = first.Headers.ETag!.Tag;
        int reads = server.Ledger.Reads;

        using var request = new HttpRequestMessage(HttpMethod.Get, "/invoices?include=" + Uri.EscapeDataString("{ total }") + "&page=etag");
        request.Headers.TryAddWithoutValidation("If-None-Match", etag);
        using var response = await server.Client.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        response.Headers.ETag!.Tag.ShouldBe(etag);
        response.Headers.Vary.ShouldContain("Popcorn-Include");
        server.Ledger.Reads.ShouldBe(reads);
    }

    [Fact]
    public async Task Get_PreferCountExact_NeverServesNorIsServedTheEntryWithoutTheTotal()
    {
        (await server.Client.PostAsJsonAsync("/invoices", new { customer = "Ada", total = 7 })).EnsureSuccessStatusCode();
        using var plain = await server.Client.GetAsync("/invoices?include=%5Bid%5D&page=count");
        int reads = server.Ledger.Reads;

        using var request = new HttpRequestMessage(HttpMethod.Get, "/invoices?include=%5Bid%5D&page=count");
        request.Headers.TryAddWithoutValidation("Prefer", "count=exact");
        using var counted = await server.Client.SendAsync(request);
        using var plainAgain = await server.Client.GetAsync("/invoices?include=%5Bid%5D&page=count");

        server.Ledger.Reads.ShouldBe(reads + 1, "the counted request is its own entry; the plain one is served from the cache");
        plain.Headers.Contains("X-Total-Count").ShouldBeFalse();
        plainAgain.Headers.Contains("X-Total-Count").ShouldBeFalse();
        int total = JsonNode.Parse(await counted.Content.ReadAsStringAsync())!.AsArray().Count;
        counted.Headers.GetValues("X-Total-Count").ShouldHaveSingleItem().ShouldBe(total.ToString(System.Globalization.CultureInfo.InvariantCulture));
        counted.Headers.Vary.ShouldContain("Prefer");
    }

    private async Task<string> GetWithHeader(string selection)
    {
        var (status, body) = await Get(string.Empty, header: selection);
        status.ShouldBe(200);
        return body;
    }

    private async Task<(int Status, string Body)> Get(string query, string? header = null)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/invoices" + query);
        if (header is not null)
        {
            request.Headers.Add("Popcorn-Include", header);
        }

        using var response = await server.Client.SendAsync(request);
        return ((int)response.StatusCode, await response.Content.ReadAsStringAsync());
    }
}

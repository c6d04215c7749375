using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// Cursor paging of a REST resource served from an upstream, as of a local one: a full page links to the next
/// (RFC 8288 <c>Link: rel="next"</c>) with the cursor the service issued, the gateway's own path, the other query
/// parameters and the client's selection; following the links reads the service's whole ordered list once, joins
/// included; a short last page has none; a bad cursor is a 400 with its position; the link survives the output cache
/// and rides on a 304.
/// </summary>
public sealed partial class UpstreamPagingTests(UpstreamPagingServer server) : IClassFixture<UpstreamPagingServer>
{
    private const string FirstPage = "(first: 5, orderBy: {priority: DESC})[id,title,assignee[name]]";

    [Fact]
    public async Task Get_FollowingTheNextLinks_ReadsTheServicesWholeOrderedListOnce_WithTheJoin()
    {
        var expected = UpstreamPagingServer.Chores.OrderByDescending(c => c.Priority).ThenBy(c => c.Id).ToList();
        var read = new List<JsonNode>();
        int pages = 0;
        string? next = "/api/chores?include=" + Uri.EscapeDataString(FirstPage);
        for (; next is not null && pages < 20; pages++)
        {
            using var response = await server.Gateway.GetAsync(next);
            string text = await response.Content.ReadAsStringAsync();
            response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
            read.AddRange(JsonNode.Parse(text)!.AsArray().Select(c => c!));
            next = response.Headers.TryGetValues("Link", out var links) ? NextTarget(links.ShouldHaveSingleItem()) : null;
        }

        pages.ShouldBe(5); // 23 chores by 5: the fifth page has 3 and no link
        read.Select(c => (int)c["id"]!).ShouldBe(expected.Select(c => c.Id));
        read.Select(c => (string)c["assignee"]!["name"]!).ShouldBe(expected.Select(c => UpstreamPagingServer.People.Single(p => p.Id == c.AssigneeId).Name));
    }

    [Fact]
    public async Task Get_EachPage_EqualsTheServicesLocalResourcePage_AndLinksWithTheSameCursor()
    {
        const string page = "(first: 4, orderBy: {priority: ASC})[id,title]";
        string? viaGateway = "/api/chores?include=" + Uri.EscapeDataString(page);
        string? local = viaGateway;
        for (int pages = 0; local is not null && pages < 20; pages++)
        {
            using var gatewayPage = await server.Gateway.GetAsync(viaGateway);
            using var localPage = await server.Service.GetAsync(local);

            (await gatewayPage.Content.ReadAsStringAsync()).ShouldBe(await localPage.Content.ReadAsStringAsync());
            local = localPage.Headers.TryGetValues("Link", out var localLinks) ? NextTarget(localLinks.Single()) : null;
            viaGateway = gatewayPage.Headers.TryGetValues("Link", out var links) ? NextTarget(links.Single()) : null;
            if (local is not null && (await localPage.Content.ReadAsStringAsync()) != "[]")
            {
                viaGateway.ShouldBe(local);
            }
        }
    }

    [Fact]
    public async Task Get_TheNextLink_KeepsOtherParameters_AndTheClientsSelection_NotTheJoinKeys()
    {
        int calls = server.Received.Count;
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/chores?x=1&y=two%20words");
        request.Headers.Add("Popcorn-Include", "(first: 5, orderBy: {priority: DESC}) { title assignee { name } }");

        using var response = await server.Gateway.SendAsync(request);

        string target = NextTarget(response.Headers.GetValues("Link").Single());
        target.ShouldStartWith("/api/chores?x=1&y=two%20words&include=");
        string include = Uri.UnescapeDataString(target[(target.IndexOf("include=", StringComparison.Ordinal) + 8)..]);
        include.ShouldStartWith("(first: 5, orderBy: {priority: DESC}, after: \"");
        include.ShouldEndWith("\")[title,assignee[name]]");
        server.Received.Skip(calls).ShouldHaveSingleItem().ShouldContain("assigneeId"); // the join's key went to the service only
    }

    [Fact]
    public async Task Get_TheJoinKeys_DoNotChangeTheCursorOrTheOrder()
    {
        using var joined = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString(FirstPage));
        using var plain = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString("(first: 5, orderBy: {priority: DESC})[id]"));

        string joinedCursor = CursorIn(NextTarget(joined.Headers.GetValues("Link").Single()));
        CursorIn(NextTarget(plain.Headers.GetValues("Link").Single())).ShouldBe(joinedCursor);
        Ids(await joined.Content.ReadAsStringAsync()).ShouldBe(Ids(await plain.Content.ReadAsStringAsync()));
    }

    [Fact]
    public async Task Get_AShortOrFullLastPage_HasNoLink_NorHasAPageWithoutAnOrderOrWithSkip()
    {
        using var shortPage = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString("(first: 30, orderBy: {priority: ASC})[id]"));
        using var fullLast = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString("(first: 23, orderBy: {priority: ASC})[id]"));
        using var unordered = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString("(first: 5)[id]"));
        using var skipped = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString("(first: 5, skip: 5, orderBy: {priority: ASC})[id]"));
        using var csv = await Csv("/api/chores?include=" + Uri.EscapeDataString("(first: 5, orderBy: {priority: ASC})[id]"));

        Ids(await shortPage.Content.ReadAsStringAsync()).Length.ShouldBe(23);
        shortPage.Headers.Contains("Link").ShouldBeFalse();
        Ids(await fullLast.Content.ReadAsStringAsync()).Length.ShouldBe(23);
        fullLast.Headers.Contains("Link").ShouldBeFalse(); // the service's connection knows no page follows
        Ids(await unordered.Content.ReadAsStringAsync()).ShouldBe([1, 2, 3, 4, 5]);
        unordered.Headers.Contains("Link").ShouldBeFalse();
        var bySkip = UpstreamPagingServer.Chores.OrderBy(c => c.Priority).ThenBy(c => c.Id).Skip(5).Take(5).Select(c => c.Id);
        Ids(await skipped.Content.ReadAsStringAsync()).ShouldBe(bySkip);
        skipped.Headers.Contains("Link").ShouldBeFalse(); // a connection takes no skip: docs/gateway.md
        csv.StatusCode.ShouldBe(HttpStatusCode.OK);
        csv.Headers.Contains("Link").ShouldBeFalse(); // as for a local resource: JSON only
    }

    [Theory]
    [InlineData("tamper")]
    [InlineData("other sort")]
    [InlineData("garbage")]
    public async Task Get_ABadCursor_Answers400WithItsPosition_WithoutCallingTheService(string how)
    {
        using var first = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString(FirstPage));
        string cursor = CursorIn(NextTarget(first.Headers.GetValues("Link").Single()));
        string bad = how switch
        {
            "tamper" => cursor[..5] + (cursor[5] == 'A' ? 'B' : 'A') + cursor[6..],
            "garbage" => "not a cursor at all",
            _ => cursor,
        };
        string order = how == "other sort" ? "{priority: ASC}" : "{priority: DESC}";
        int calls = server.Received.Count;

        using var response = await server.Gateway.GetAsync("/api/chores?include=" + Uri.EscapeDataString($"(first: 5, orderBy: {order}, after: \"{bad}\")[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        ((int)problem["column"]!).ShouldBe(how == "other sort" ? 38 : 39, text);
        ((string)problem["detail"]!).ShouldContain(how == "other sort" ? "another order" : "not a cursor this API issued", Case.Sensitive, text);
        server.Received.Count.ShouldBe(calls);
    }

    [Fact]
    public async Task Get_CachedResource_KeepsTheLink_FromTheCache_AndA304CarriesIt()
    {
        string path = "/api/cached/chores?include=" + Uri.EscapeDataString("(first: 6, orderBy: {priority: DESC})[title]");
        using var first = await server.Gateway.GetAsync(path);
        int calls = server.Received.Count;
        using var cached = await server.Gateway.GetAsync(path);
        using var revalidate = new HttpRequestMessage(HttpMethod.Get, "/api/chores?include=" + Uri.EscapeDataString("(first: 6, orderBy: {priority: DESC})[title]"));
        using var uncached = await server.Gateway.GetAsync(revalidate.RequestUri);
        revalidate.Headers.IfNoneMatch.Add(uncached.Headers.ETag!);

        using var notModified = await server.Gateway.SendAsync(revalidate);

        string link = first.Headers.GetValues("Link").Single();
        NextTarget(link).ShouldStartWith("/api/cached/chores?include=");
        cached.Headers.GetValues("Link").Single().ShouldBe(link);
        server.Received.Count.ShouldBe(calls + 2); // the cached answer called no service; the other resource did, twice
        notModified.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        notModified.Headers.GetValues("Link").Single().ShouldBe(uncached.Headers.GetValues("Link").Single());
    }

    [Fact]
    public async Task Get_AGatewayThatWouldRefuseTheServicesCursor_SendsNoLink_ButThePage()
    {
        string path = "/api/chores?include=" + Uri.EscapeDataString(FirstPage);
        using var otherKey = await server.OtherKeyGateway.GetAsync(path);
        using var prefixed = await server.PrefixedGateway.GetAsync(path);

        // Its own key, or a prefix (the order a cursor names is the prefixed type's): a link would lead to a 400.
        foreach (var response in new[] { otherKey, prefixed })
        {
            string text = await response.Content.ReadAsStringAsync();
            response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
            Ids(text).Length.ShouldBe(5);
            response.Headers.Contains("Link").ShouldBeFalse();
        }
    }

    [Fact]
    public async Task Schema_OfTheService_NamesTheConnectionTheGatewayPagesThrough()
    {
        var schema = JsonNode.Parse(await server.Service.GetStringAsync("/popcorn/schema"))!;

        var chores = schema["rootFields"]!.AsArray().Single(f => (string)f!["name"]! == "chores")!;
        ((string)chores["connection"]!).ShouldBe("choresConnection");
    }

    private Task<HttpResponseMessage> Csv(string path)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("text/csv"));
        return server.Gateway.SendAsync(request);
    }

    private static int[] Ids(string json) => JsonNode.Parse(json)!.AsArray().Select(c => (int)c!["id"]!).ToArray();

    private static string NextTarget(string link)
    {
        var match = LinkPattern().Match(link);
        match.Success.ShouldBeTrue(link);
        return match.Groups[1].Value;
    }

    private static string CursorIn(string target) =>
        CursorPattern().Match(Uri.UnescapeDataString(target)).Groups[1].Value;

    [GeneratedRegex("^<([^>]+)>; rel=\"next\"$")]
    private static partial Regex LinkPattern();

    [GeneratedRegex("after: \"([^\"]+)\"")]
    private static partial Regex CursorPattern();
}

using System.Net;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Cursor paging through Kestrel: a full root page links to the next one (RFC 8288 <c>Link: rel="next"</c>) with an
/// <c>after</c> cursor; following the links reads every order once, from the database (a seek, no OFFSET) and in
/// memory alike; a cursor that was altered, cut, or issued for another order is a 400 with its position, before any SQL.
/// </summary>
public sealed partial class CursorEndpointTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    private const string FirstPage = "(first: 7, orderBy: {placedAt: DESC})[id,status]";

    [Theory]
    [InlineData("/orders")]
    [InlineData("/memory/orders")]
    [InlineData("/stream/orders")]
    public async Task Get_FollowingTheNextLinks_ReadsEveryOrderOnce_InOrder(string path)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        var expected = db.Orders.AsEnumerable().OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).Select(o => o.Id).ToList();
        var read = new List<int>();
        string? next = path + "?include=" + Uri.EscapeDataString(FirstPage);
        for (int pages = 0; next is not null && pages < 100; pages++)
        {
            store.Sql.Clear();
            using var response = await server.Client.GetAsync(next);
            string text = await response.Content.ReadAsStringAsync();
            response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
            if (path == "/orders")
            {
                store.Sql.Commands.ShouldHaveSingleItem().ShouldNotContain("OFFSET", Case.Insensitive);
            }

            read.AddRange(JsonNode.Parse(text)!.AsArray().Select(o => (int)o!["id"]!));
            next = response.Headers.TryGetValues("Link", out var links) ? NextTarget(links.ShouldHaveSingleItem()) : null;
        }

        read.ShouldBe(expected);
    }

    [Fact]
    public async Task Get_APageShorterThanFirst_HasNoNextLink_AndOneWithoutAnOrderHasNone()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var last = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(first: 7, where: {id: {lt: 3}}, orderBy: {id: ASC})[id]"));
        using var unordered = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(first: 7)[id]"));

        last.Headers.Contains("Link").ShouldBeFalse();
        unordered.Headers.Contains("Link").ShouldBeFalse();
    }

    [Fact]
    public async Task Get_TheNextLink_KeepsOtherParameters_AndCarriesTheSelectionAsInclude()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/orders?x=1&include=" + Uri.EscapeDataString(FirstPage));

        string target = NextTarget(response.Headers.GetValues("Link").Single());
        target.ShouldStartWith("/orders?x=1&include=");
        string include = Uri.UnescapeDataString(target[(target.IndexOf("include=", StringComparison.Ordinal) + 8)..]);
        include.ShouldStartWith("(first: 7, orderBy: {placedAt: DESC}, after: \"");
        include.ShouldEndWith("\")[id,status]");
    }

    [Theory]
    [InlineData("tamper")]
    [InlineData("truncate")]
    [InlineData("other sort")]
    [InlineData("garbage")]
    public async Task Get_ABadCursor_Answers400WithItsPosition_BeforeAnySql(string how)
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        using var first = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(FirstPage));
        string cursor = CursorIn(NextTarget(first.Headers.GetValues("Link").Single()));
        string bad = how switch
        {
            "tamper" => cursor[..5] + (cursor[5] == 'A' ? 'B' : 'A') + cursor[6..],
            "truncate" => cursor[..^4],
            "garbage" => "not a cursor at all",
            _ => cursor,
        };
        string order = how == "other sort" ? "{placedAt: ASC}" : "{placedAt: DESC}";
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString($"(first: 7, orderBy: {order}, after: \"{bad}\")[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        ((int)problem["column"]!).ShouldBe(how == "other sort" ? 38 : 39, text);
        ((string)problem["detail"]!).ShouldContain(how == "other sort" ? "another order" : "not a cursor this API issued", Case.Sensitive, text);
        text.ShouldNotContain("Exception");
        store.Sql.Commands.ShouldBeEmpty();
    }

    [Fact]
    public async Task Get_AfterOnAListWithoutATieBreaker_Or_NotAString_Answers400()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var number = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(after: 5)[id]"));
        using var customers = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[customer[id],lines(after: \"x\")[id]]"));

        number.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        (await number.Content.ReadAsStringAsync()).ShouldContain("takes a cursor string");
        customers.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
    }

    [Fact]
    public async Task Post_GatewayRootField_TakesAfter_AndRefusesAForgedOne()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        using var first = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(FirstPage));
        string cursor = CursorIn(NextTarget(first.Headers.GetValues("Link").Single()));
        await using var db = store.CreateContext();
        var expected = db.Orders.AsEnumerable().OrderByDescending(o => o.PlacedAt).ThenBy(o => o.Id).Skip(7).Take(3).Select(o => o.Id);

        var page = await server.PostGraphQLAsync("query($c: String) { orders(first: 3, orderBy: {placedAt: DESC}, after: $c) { id } }", HttpStatusCode.OK, new { c = cursor });
        var forged = await server.PostGraphQLAsync("{ orders(first: 3, orderBy: {placedAt: DESC}, after: \"AAAA\") { id } }", HttpStatusCode.BadRequest);

        page["data"]!["orders"]!.AsArray().Select(o => (int)o!["id"]!).ShouldBe(expected);
        ((string)forged["errors"]![0]!["message"]!).ShouldContain("not a cursor this API issued");
        forged["errors"]![0]!["locations"].ShouldNotBeNull();
    }

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

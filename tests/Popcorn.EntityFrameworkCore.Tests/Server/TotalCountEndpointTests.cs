using System.Net;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// REST's total through Kestrel: <c>Prefer: count=exact</c> on a root list gets <c>X-Total-Count</c>, the elements the
/// root <c>where</c> keeps over every page, from one <c>COUNT</c> in SQL (none when not asked); a list in memory and a
/// one-shot async sequence count the same and are still written whole; one object ignores the preference.
/// </summary>
public abstract partial class TotalCountEndpointTests(IStoreDatabase store)
{
    private const string Shipped = "(first: 5, orderBy: {placedAt: DESC}, where: {status: \"shipped\"})[id,status]";

    [StoreFact]
    public async Task Get_PreferCountExact_SendsXTotalCount_FromOneCountOverTheRootFilter()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        int shipped = db.Orders.Count(o => o.Status == "shipped");
        store.Sql.Clear();

        using var response = await SendAsync(server, "/orders?include=" + Uri.EscapeDataString(Shipped), preferCount: true);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.GetValues("X-Total-Count").ShouldHaveSingleItem().ShouldBe(shipped.ToString(System.Globalization.CultureInfo.InvariantCulture));
        response.Headers.GetValues("Preference-Applied").ShouldHaveSingleItem().ShouldBe("count=exact");
        response.Headers.Vary.ShouldContain("Prefer");
        store.Sql.Commands.Count.ShouldBe(2, string.Join("\n---\n", store.Sql.Commands));
        string count = store.Sql.Commands[0];
        count.ShouldContain("COUNT(*)", Case.Insensitive, count);
        count.ShouldContain("\"Status\" = @", Case.Sensitive, count);
        count.ShouldNotContain("LIMIT", Case.Insensitive, count);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(5);
    }

    [StoreFact]
    public async Task Get_WithoutThePreference_SendsNoTotal_AndRunsNoCount()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await SendAsync(server, "/orders?include=" + Uri.EscapeDataString(Shipped), preferCount: false);

        response.Headers.Contains("X-Total-Count").ShouldBeFalse();
        response.Headers.Contains("Preference-Applied").ShouldBeFalse();
        store.Sql.Commands.ShouldHaveSingleItem().ShouldNotContain("COUNT", Case.Insensitive);
    }

    [StoreFact]
    public async Task Get_TheNextPageByCursor_CountsEveryPage_NotWhatFollowsTheCursor()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        int shipped = db.Orders.Count(o => o.Status == "shipped");
        using var first = await SendAsync(server, "/orders?include=" + Uri.EscapeDataString(Shipped), preferCount: false);
        string next = LinkTarget().Match(first.Headers.GetValues("Link").Single()).Groups[1].Value;

        using var second = await SendAsync(server, next, preferCount: true);

        second.StatusCode.ShouldBe(HttpStatusCode.OK);
        second.Headers.GetValues("X-Total-Count").ShouldHaveSingleItem().ShouldBe(shipped.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    [StoreFact]
    public async Task Get_InMemory_CountsWhatTheDatabaseCounts_AndWritesTheSameBody()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        string include = "?include=" + Uri.EscapeDataString(Shipped);
        using var database = await SendAsync(server, "/orders" + include, preferCount: true);
        string body = await database.Content.ReadAsStringAsync();

        foreach (string path in new[] { "/memory/orders", "/stream/orders" })
        {
            using var memory = await SendAsync(server, path + include, preferCount: true);

            memory.StatusCode.ShouldBe(HttpStatusCode.OK, path);
            memory.Headers.GetValues("X-Total-Count").Single().ShouldBe(database.Headers.GetValues("X-Total-Count").Single(), path);
            (await memory.Content.ReadAsStringAsync()).ShouldBe(body, path);
        }
    }

    [StoreFact]
    public async Task Get_ThePreference_IsReadAsRfc7240WritesIt()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        foreach (string prefer in new[] { "count=exact", "return=minimal, COUNT=EXACT", "count=\"exact\"; strict" })
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, "/orders?include=" + Uri.EscapeDataString("[id]"));
            request.Headers.TryAddWithoutValidation("Prefer", prefer);

            using var response = await server.Client.SendAsync(request);

            response.Headers.Contains("X-Total-Count").ShouldBeTrue(prefer);
        }
    }

    [StoreFact]
    public async Task Get_OneObject_IgnoresThePreference()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await SendAsync(server, "/orders/1?include=[id]", preferCount: true);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.Contains("X-Total-Count").ShouldBeFalse();
        response.Headers.Contains("Preference-Applied").ShouldBeFalse();
    }

    private static async Task<HttpResponseMessage> SendAsync(StoreServer server, string target, bool preferCount)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, target);
        if (preferCount)
        {
            request.Headers.TryAddWithoutValidation("Prefer", "count=exact");
        }

        return await server.Client.SendAsync(request);
    }

    [GeneratedRegex("^<([^>]+)>; rel=\"next\"$")]
    private static partial Regex LinkTarget();
}

/// <summary>On SQLite.</summary>
public sealed class SqliteTotalCountEndpointTests(SqliteStore store) : TotalCountEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresTotalCountEndpointTests(PostgresStore store) : TotalCountEndpointTests(store), IClassFixture<PostgresStore>;

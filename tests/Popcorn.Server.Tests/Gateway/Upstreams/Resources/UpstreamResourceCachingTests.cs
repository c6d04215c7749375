using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// What a local resource's response has, on a REST resource served from an upstream: output caching keyed by the
/// selection's meaning (a cached answer calls no service), an <c>ETag</c> and a 304 without a body, the envelope
/// option, JSON Lines row by row from the service's answer, and a 406 for a format Popcorn does not write.
/// </summary>
public sealed class UpstreamResourceCachingTests(UpstreamResourceServer server) : IClassFixture<UpstreamResourceServer>
{
    [Fact]
    public async Task Get_CachedResource_AnotherSpellingOfTheSameSelection_IsAnsweredFromTheCache_WithoutCallingTheService()
    {
        using var first = await server.Gateway.GetAsync("/api/cached/errands?include=" + Uri.EscapeDataString("(first: 4)[id,title]"));
        string body = await first.Content.ReadAsStringAsync();
        int calls = server.Received.Count;

        using var second = await server.Gateway.GetAsync("/api/cached/errands?include=" + Uri.EscapeDataString("(first: 4) { title }"));
        using var header = new HttpRequestMessage(HttpMethod.Get, "/api/cached/errands");
        header.Headers.Add("Popcorn-Include", "(first: 4)[title,id]");
        using var third = await server.Gateway.SendAsync(header);

        first.StatusCode.ShouldBe(HttpStatusCode.OK, body);
        (await second.Content.ReadAsStringAsync()).ShouldBe(body);
        (await third.Content.ReadAsStringAsync()).ShouldBe(body);
        server.Received.Count.ShouldBe(calls);
    }

    [Fact]
    public async Task Get_CachedResource_AnotherSelectionOrOtherArguments_IsItsOwnEntry()
    {
        int calls = server.Received.Count;

        using var two = await server.Gateway.GetAsync("/api/cached/errands?include=" + Uri.EscapeDataString("(first: 2)[title]"));
        using var three = await server.Gateway.GetAsync("/api/cached/errands?include=" + Uri.EscapeDataString("(first: 3)[title]"));

        JsonNode.Parse(await two.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(2);
        JsonNode.Parse(await three.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(3);
        server.Received.Count.ShouldBe(calls + 2);
    }

    [Fact]
    public async Task Get_CachedResource_WithTheCurrentETag_Is304WithoutABody_AndWithoutCallingTheService()
    {
        const string path = "/api/cached/errands?include=(first%3A%205)%5Btitle%5D";
        using var first = await server.Gateway.GetAsync(path);
        var etag = first.Headers.ETag;
        int calls = server.Received.Count;

        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.IfNoneMatch.Add(etag!);
        using var revalidated = await server.Gateway.SendAsync(request);

        etag.ShouldNotBeNull();
        revalidated.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        (await revalidated.Content.ReadAsByteArrayAsync()).Length.ShouldBe(0);
        server.Received.Count.ShouldBe(calls);
    }

    [Fact]
    public async Task Get_UncachedResource_HasAStrongETag_AndTheCurrentOneIs304WithoutABody()
    {
        const string path = "/api/errands?include=[title]";
        using var first = await server.Gateway.GetAsync(path);
        var etag = first.Headers.ETag;

        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.IfNoneMatch.Add(etag!);
        using var revalidated = await server.Gateway.SendAsync(request);
        using var stale = new HttpRequestMessage(HttpMethod.Get, path);
        stale.Headers.IfNoneMatch.Add(new EntityTagHeaderValue("\"not-the-current-one\""));
        using var changed = await server.Gateway.SendAsync(stale);

        etag.ShouldNotBeNull();
        etag.IsWeak.ShouldBeFalse();
        first.Headers.Vary.ShouldContain("Popcorn-Include");
        revalidated.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        revalidated.Headers.ETag.ShouldBe(etag);
        (await revalidated.Content.ReadAsByteArrayAsync()).Length.ShouldBe(0);
        changed.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await changed.Content.ReadAsStringAsync()).ShouldBe(await first.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Get_WithTheSuccessDataEnvelope_WrapsTheServicesAnswer_AndItsProblems()
    {
        using var ok = await server.EnvelopedGateway.GetAsync("/api/errands?include=" + Uri.EscapeDataString("(first: 1)[title]"));
        using var bad = await server.EnvelopedGateway.GetAsync("/api/errands?include=[titel]");

        (await ok.Content.ReadAsStringAsync()).ShouldBe("""{"success":true,"data":[{"id":1,"title":"errand 01"}]}""");
        bad.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var problem = JsonNode.Parse(await bad.Content.ReadAsStringAsync())!;
        problem["success"]!.GetValue<bool>().ShouldBeFalse();
        problem["error"]!["detail"]!.GetValue<string>().ShouldContain("titel");
    }

    [Fact]
    public async Task Get_InAFormatPopcornDoesNotWrite_Is406NamingTheFormats_AndNoServiceCall()
    {
        int calls = server.Received.Count;
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/errands?include=[title]");
        request.Headers.Accept.ParseAdd("image/png");

        using var response = await server.Gateway.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.NotAcceptable);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["available"]!.AsArray().Select(a => a!.GetValue<string>())
            .ShouldBe(["application/json", "text/csv", "application/jsonl", "application/x-ndjson"]);
        server.Received.Count.ShouldBe(calls);
    }

    [Fact]
    public async Task Get_AsJsonLines_IsOneLinePerElementOfTheJsonAnswer()
    {
        const string Path = "/api/errands?include=(first:%204)[id,title]";
        var json = JsonNode.Parse(await server.Gateway.GetStringAsync(Path))!.AsArray();
        using var request = new HttpRequestMessage(HttpMethod.Get, Path);
        request.Headers.Accept.ParseAdd("application/jsonl");

        using var response = await server.Gateway.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/jsonl");
        string[] lines = (await response.Content.ReadAsStringAsync()).Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lines.ShouldBe(json.Select(e => e!.ToJsonString()));
        lines.Length.ShouldBe(4);
    }
}

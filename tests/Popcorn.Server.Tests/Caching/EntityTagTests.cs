using System.Buffers.Text;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.IO.Hashing;

namespace Popcorn.Server.Tests.Caching;

/// <summary>ETags and 304s on the test host, which has no output caching: Popcorn answers them itself.</summary>
public class EntityTagTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Get_Resource_CarriesAStrongETagThatIsTheXxHash128OfItsBody()
    {
        using var response = await Send(HttpMethod.Get, "/api/employees?include=" + Uri.EscapeDataString("[id,email]"));
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.ETag.ShouldNotBeNull();
        response.Headers.ETag.IsWeak.ShouldBeFalse();
        response.Headers.ETag.Tag.ShouldBe("\"" + Base64Url.EncodeToString(XxHash128.Hash(body)) + "\"");
    }

    [Fact]
    public async Task Get_IfNoneMatchWithTheCurrentETag_Is304WithETagAndVaryAndNoBody()
    {
        string etag = (await ETagOf("/api/cars/1", "[make,owner[email]]"))!;

        using var response = await Send(HttpMethod.Get, "/api/cars/1?include=" + Uri.EscapeDataString("[make,owner[email]]"), ifNoneMatch: etag);

        response.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        response.Headers.ETag!.Tag.ShouldBe(etag);
        response.Headers.Vary.ShouldContain("Popcorn-Include");
        (await response.Content.ReadAsByteArrayAsync()).ShouldBeEmpty();
    }

    [Fact]
    public async Task Get_IfNoneMatchWeakFormOrInAList_Is304()
    {
        string etag = (await ETagOf("/api/departments", "[name]"))!;

        using var weak = await Send(HttpMethod.Get, "/api/departments?include=%5Bname%5D", ifNoneMatch: "W/" + etag);
        using var list = await Send(HttpMethod.Get, "/api/departments?include=%5Bname%5D", ifNoneMatch: "\"other\", " + etag);

        weak.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        list.StatusCode.ShouldBe(HttpStatusCode.NotModified);
    }

    [Fact]
    public async Task Get_IfNoneMatchWithAnotherSelectionsETag_IsA200WithTheBody()
    {
        string emailTag = (await ETagOf("/api/employees/1", "[email]"))!;

        using var response = await Send(HttpMethod.Get, "/api/employees/1?include=%5BfirstName%5D", ifNoneMatch: emailTag);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.ETag!.Tag.ShouldNotBe(emailTag);
        (await response.Content.ReadAsStringAsync()).ShouldContain("\"firstName\"");
    }

    [Fact]
    public async Task Get_SameSelectionInBothSyntaxesAndTransports_HasOneETag()
    {
        string? include = await ETagOf("/api/employees", "[id,manager[email]]");
        string? graphql = await ETagOf("/api/employees", "{ manager { email } id }");
        string? header = await ETagOf("/api/employees", header: "[manager[email],id]");

        include.ShouldNotBeNull();
        graphql.ShouldBe(include);
        header.ShouldBe(include);
    }

    [Fact]
    public async Task Get_ChangedData_ChangesTheETag()
    {
        string before = (await ETagOf("/api/cars", "[make]"))!;
        using (var created = await server.Client.PostAsJsonAsync("/api/cars", new { make = "Saab", model = "900", year = 1987, color = "red", ownerId = 2 }))
        {
            created.StatusCode.ShouldBe(HttpStatusCode.Created);
            created.Headers.ETag.ShouldBeNull(); // only successful reads are tagged
        }

        using var response = await Send(HttpMethod.Get, "/api/cars?include=%5Bmake%5D", ifNoneMatch: before);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.ETag!.Tag.ShouldNotBe(before);
    }

    [Fact]
    public async Task Get_RefusedSelection_IsA400WithoutAnETagWhateverIfNoneMatchSays()
    {
        using var response = await Send(HttpMethod.Get, "/api/employees?include=%5Bnope%5D", ifNoneMatch: "*");

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        response.Headers.ETag.ShouldBeNull();
    }

    [Fact]
    public async Task Get_LongerThanETagMaxBytes_StreamsWithoutAnETag()
    {
        var responses = await GetOnOwnHostAsync("--Popcorn:ETagMaxBytes=1024", "/api/employees?include=%5B!all%5D", "/api/employees/1?include=%5Bid%5D");
        using var large = responses[0];
        using var small = responses[1];

        large.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await large.Content.ReadAsByteArrayAsync()).Length.ShouldBeGreaterThan(1024);
        large.Headers.ETag.ShouldBeNull();
        small.Headers.ETag.ShouldNotBeNull();
    }

    [Fact]
    public async Task Get_PastMaxResponseBytesWhileHeldForItsETag_IsA400ProblemNotACutOffBody()
    {
        using var response = (await GetOnOwnHostAsync("--Popcorn:MaxResponseBytes=2048", "/api/employees?include=%5B!all%5D"))[0];

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        (await response.Content.ReadAsStringAsync()).ShouldContain("ResponseTooLarge");
        response.Headers.ETag.ShouldBeNull();
    }

    /// <summary>GETs on a test host of its own, started with one configuration switch; bodies are read before it stops.</summary>
    private static async Task<HttpResponseMessage[]> GetOnOwnHostAsync(string setting, params string[] urls)
    {
        await using var app = TestHostServer.Start(setting);
        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        var responses = new HttpResponseMessage[urls.Length];
        for (int i = 0; i < urls.Length; i++)
        {
            responses[i] = await client.GetAsync(urls[i]);
        }

        return responses;
    }

    private async Task<string?> ETagOf(string path, string? include = null, string? header = null)
    {
        using var response = await Send(HttpMethod.Get, include is null ? path : $"{path}?include={Uri.EscapeDataString(include)}", header: header);
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return response.Headers.ETag?.Tag;
    }

    private async Task<HttpResponseMessage> Send(HttpMethod method, string url, string? ifNoneMatch = null, string? header = null)
    {
        using var request = new HttpRequestMessage(method, url);
        if (ifNoneMatch is not null)
        {
            request.Headers.TryAddWithoutValidation("If-None-Match", ifNoneMatch);
        }

        if (header is not null)
        {
            request.Headers.Add("Popcorn-Include", header);
        }

        return await server.Client.SendAsync(request);
    }
}

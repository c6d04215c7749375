using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Bounds;

/// <summary>
/// <c>MaxResponseBytes</c> (here 64 KiB over 1 KB pages): past it before anything was sent the client gets a 400 that
/// says why; past it after bytes were sent the connection is aborted, so the body is visibly cut off.
/// </summary>
public class ResponseCapTests(CappedShelfServer server) : IClassFixture<CappedShelfServer>
{
    [Fact]
    public async Task Rest_UnderTheCap_IsAnsweredWhole()
    {
        using var response = await server.Client.GetAsync("/shelf/pages/3");

        ((int)response.StatusCode).ShouldBe(200);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["text"]!.GetValue<string>().Length.ShouldBe(1024);
    }

    [Fact]
    public async Task Rest_SingleObjectPastTheCap_IsA400ProblemAndNothingElse()
    {
        using var response = await server.Client.GetAsync("/shelf/book");
        string body = await response.Content.ReadAsStringAsync();

        ((int)response.StatusCode).ShouldBe(400);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        body.Length.ShouldBeLessThan(1_000);
        var problem = JsonNode.Parse(body)!;
        problem["title"]!.GetValue<string>().ShouldBe("Response too large");
        problem["errorKind"]!.GetValue<string>().ShouldBe("ResponseTooLarge");
        problem["maxResponseBytes"]!.GetValue<long>().ShouldBe(64 * 1024);
        server.Warnings.ShouldContain(w => w.EventId == 5 && w.Message.Contains("/shelf/book") && w.Message.Contains("False"));
    }

    [Fact]
    public async Task Rest_ListPastTheCapAfterSending_AbortsTheConnection()
    {
        // The reset can overtake the status line on loopback, so the failure shows either while sending or while reading.
        await Should.ThrowAsync<HttpRequestException>(async () =>
        {
            using var response = await server.Client.GetAsync("/shelf/pages", HttpCompletionOption.ResponseHeadersRead);
            await response.Content.ReadAsByteArrayAsync();
        });

        server.Warnings.ShouldContain(w => w.EventId == 5 && w.Message.Contains("/shelf/pages") && w.Message.Contains("True"));
    }

    [Fact]
    public async Task Gateway_PastTheCapBeforeSending_IsA400WithOneError()
    {
        var (status, body) = await PostGraphQLAsync("{ book { id pages { id text } } }");

        status.ShouldBe(400);
        var errors = body!["errors"]!.AsArray();
        errors.Count.ShouldBe(1);
        errors[0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("RESPONSE_TOO_LARGE");
        body["data"].ShouldBeNull();
    }

    [Fact]
    public async Task Gateway_RootObjectsPastTheCapAfterSending_AbortsTheConnection()
    {
        // Each root field is one 1 KB page, so only flushing between root fields can have sent bytes before the cap.
        await Should.ThrowAsync<HttpRequestException>(async () =>
        {
            using var response = await server.Client.PostAsync("/graphql", JsonContent(ShelfServer.AliasedPages(Shelf.PageCount)));
            await response.Content.ReadAsByteArrayAsync();
        });

        server.Warnings.ShouldContain(w => w.EventId == 5 && w.Message.Contains("/graphql") && w.Message.Contains("True"));
    }

    private async Task<(int Status, JsonNode? Body)> PostGraphQLAsync(string query)
    {
        using var response = await server.Client.PostAsync("/graphql", JsonContent(query));
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync()));
    }

    private static StringContent JsonContent(string query) =>
        new(new JsonObject { ["query"] = query }.ToJsonString(), System.Text.Encoding.UTF8, "application/json");
}

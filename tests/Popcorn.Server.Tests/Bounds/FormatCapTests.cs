using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Bounds;

/// <summary><c>MaxResponseBytes</c> holds for CSV and JSON Lines as for JSON (here 64 KiB over 1 KB pages).</summary>
public class FormatCapTests(CappedShelfServer server) : IClassFixture<CappedShelfServer>
{
    [Theory]
    [InlineData("text/csv")]
    [InlineData("application/x-ndjson")]
    public async Task Rest_RowPastTheCapBeforeSending_IsA400Problem(string accept)
    {
        // One page read through 100 aliases: a single 100 KB row, past the cap before anything was sent.
        string aliases = "[" + string.Join(',', Enumerable.Range(0, 100).Select(i => $"t{i}:text")) + "]";
        using var request = new HttpRequestMessage(HttpMethod.Get, "/shelf/pages/0?include=" + Uri.EscapeDataString(aliases));
        request.Headers.TryAddWithoutValidation("Accept", accept);

        using var response = await server.Client.SendAsync(request);
        string body = await response.Content.ReadAsStringAsync();

        ((int)response.StatusCode).ShouldBe(400);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        JsonNode.Parse(body)!["errorKind"]!.GetValue<string>().ShouldBe("ResponseTooLarge");
    }

    [Theory]
    [InlineData("text/csv")]
    [InlineData("application/jsonl")]
    public async Task Rest_ListPastTheCapAfterSending_AbortsTheConnection(string accept)
    {
        await Should.ThrowAsync<HttpRequestException>(async () =>
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, "/shelf/pages");
            request.Headers.TryAddWithoutValidation("Accept", accept);
            using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
            await response.Content.ReadAsByteArrayAsync();
        });
    }
}

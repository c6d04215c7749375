namespace Popcorn.Server.Tests.Bounds;

/// <summary>CSV and JSON Lines stream like JSON: a client that reads the first bytes and stops holds the writer back.</summary>
public class FormatStreamingTests(LargeShelfServer server) : IClassFixture<LargeShelfServer>
{
    [Theory]
    [InlineData("text/csv")]
    [InlineData("application/jsonl")]
    public async Task Rest_LargeListInARowFormat_ArrivesBeforeTheLastRowIsWritten(string accept)
    {
        server.Shelf.Forget();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/shelf/pages");
        request.Headers.TryAddWithoutValidation("Accept", accept);
        using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();
        var first = new byte[1024];
        int read = await body.ReadAtLeastAsync(first, first.Length);

        read.ShouldBe(first.Length);
        response.Content.Headers.ContentType!.MediaType.ShouldBe(accept);
        server.Shelf.HighestWritten.ShouldBeLessThan(Shelf.PageCount - 1);
    }
}

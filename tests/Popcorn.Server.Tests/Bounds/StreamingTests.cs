namespace Popcorn.Server.Tests.Bounds;

/// <summary>
/// Large responses go out while they are written: a client that reads the first bytes and stops holds the writer back
/// (back-pressure at a flush), so the server never renders, and never buffers, the whole 20 MB.
/// </summary>
public class StreamingTests(LargeShelfServer server) : IClassFixture<LargeShelfServer>
{
    [Fact]
    public async Task Gateway_LargeRootObjects_ArriveBeforeTheLastIsWritten()
    {
        server.Shelf.Forget();
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent($$"""{"query": "{{ShelfServer.AliasedPages(Shelf.PageCount)}}"}""", System.Text.Encoding.UTF8, "application/json"),
        };
        using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();
        var first = new byte[1024];
        int read = await body.ReadAtLeastAsync(first, first.Length);

        read.ShouldBe(first.Length);
        // Buffered whole, every page would have been written before the first byte left; 20 MB is more than Kestrel's
        // and the loopback socket's buffers hold, so the writer is still waiting on this client.
        server.Shelf.HighestWritten.ShouldBeLessThan(Shelf.PageCount - 1);
    }

    [Fact]
    public async Task Rest_LargeSingleObject_ArrivesBeforeItIsFullyWritten()
    {
        // One page read through 200 aliases: a 20 MB single object, written in parts cut at its keys.
        server.Shelf.Forget();
        string aliases = "[" + string.Join(',', Enumerable.Range(0, Shelf.PageCount).Select(i => $"t{i}:text")) + "]";
        using var request = new HttpRequestMessage(HttpMethod.Get, "/shelf/pages/0");
        request.Headers.Add("Popcorn-Include", aliases);
        using var response = await server.Client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();
        var first = new byte[1024];
        int read = await body.ReadAtLeastAsync(first, first.Length);

        read.ShouldBe(first.Length);
        server.Shelf.TextReads.ShouldBeLessThan(Shelf.PageCount);
    }

    [Fact]
    public async Task Rest_ResponseWithinTheBuffer_IsSentWholeWithAContentLength()
    {
        // One 100 KB page: within ResponseBufferBytes (1 MiB by default), so one write with its length, not chunks.
        using var response = await server.Client.GetAsync("/shelf/pages/3");
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        ((int)response.StatusCode).ShouldBe(200);
        body.Length.ShouldBeGreaterThan(100 * 1024);
        response.Content.Headers.ContentLength.ShouldBe(body.Length);
        response.Headers.TransferEncodingChunked.ShouldNotBe(true);
    }

    [Fact]
    public async Task Rest_LargeList_ArrivesBeforeTheLastItemIsWritten()
    {
        server.Shelf.Forget();
        using var response = await server.Client.GetAsync("/shelf/pages", HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();
        var first = new byte[1024];
        int read = await body.ReadAtLeastAsync(first, first.Length);

        read.ShouldBe(first.Length);
        server.Shelf.HighestWritten.ShouldBeLessThan(Shelf.PageCount - 1);
    }
}

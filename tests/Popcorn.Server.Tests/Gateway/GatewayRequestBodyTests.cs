using System.Net;
using System.Net.Http.Headers;
using System.Text;

namespace Popcorn.Server.Tests;

/// <summary>The gateway's POST body, read into a pooled buffer: the size limit with and without Content-Length, and bodies of every size in between.</summary>
public class GatewayRequestBodyTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private const int Limit = 1024 * 1024; // PopcornOptions.MaxGatewayRequestBytes's default

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyOverTheLimit_Is413_WithOrWithoutContentLength(bool contentLength)
    {
        string padding = new(' ', Limit);
        using var response = await PostAsync("{\"query\":\"{ car(id: 1) { make } }\"" + padding + "}", contentLength);

        response.StatusCode.ShouldBe(HttpStatusCode.RequestEntityTooLarge);
        (await response.Content.ReadAsStringAsync()).ShouldContain($"larger than {Limit} bytes");
    }

    [Theory]
    [InlineData(0, true)]
    [InlineData(4_000, false)]
    [InlineData(9_000, true)]
    [InlineData(70_000, false)]
    [InlineData(Limit - 100, true)]
    [InlineData(Limit - 100, false)]
    public async Task BodyUnderTheLimit_IsReadWhole_WithOrWithoutContentLength(int paddingLength, bool contentLength)
    {
        // White space before the closing brace: the query is read only if every byte up to it was.
        string body = "{\"query\":\"{ car(id: 1) { make } }\"" + new string(' ', paddingLength) + "}";
        body.Length.ShouldBeLessThanOrEqualTo(Limit);

        using var response = await PostAsync(body, contentLength);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ShouldBe("""{"data":{"car":{"make":"Volvo"}}}""");
    }

    private Task<HttpResponseMessage> PostAsync(string body, bool contentLength)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(body);
        HttpContent content = contentLength ? new ByteArrayContent(bytes) : new StreamContent(new UnsizedStream(bytes));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return server.Client.PostAsync("/graphql", content);
    }

    /// <summary>A stream that does not tell its length, so the client sends the body chunked, without Content-Length.</summary>
    private sealed class UnsizedStream(byte[] bytes) : MemoryStream(bytes)
    {
        public override bool CanSeek => false;
    }
}

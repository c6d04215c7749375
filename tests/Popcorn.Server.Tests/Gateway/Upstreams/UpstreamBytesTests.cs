using System.Text;
using Xunit.Abstractions;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// The bytes each hop moves for one request, which do not depend on the machine's load: client -> gateway (the
/// request), gateway -> service (the forwarded selection), service -> gateway (its answer) and gateway -> client (the
/// response), against the service's whole resource as a proxy without pushdown would move it (<c>[!full]</c>).
/// </summary>
public sealed class UpstreamBytesTests(UpstreamGatewayServer server, ITestOutputHelper output) : IClassFixture<UpstreamGatewayServer>
{
    [Theory]
    [InlineData("narrow", "{ employees { firstName } }", "/api/employees")]
    [InlineData("deep", "{ departments { name members { firstName manager { email department { name } } } } }", "/api/departments")]
    public async Task BytesOnEachHop_ScaleWithTheSelection_NotWithTheServicesWholeResource(string name, string query, string resource)
    {
        string requestBody = $$"""{"query":"{{query}}"}""";
        using var response = await server.Gateway.PostAsync("/graphql", new StringContent(requestBody, Encoding.UTF8, "application/json"));
        byte[] toClient = await response.Content.ReadAsByteArrayAsync();
        string forwarded = server.Received.Last(r => query.Contains(r.Query[1..r.Query.IndexOf('[', 1)], StringComparison.Ordinal)).Query;
        string forwardedUrl = "/graphql?query=" + Uri.EscapeDataString(forwarded);
        byte[] fromService = await server.Service.GetByteArrayAsync(forwardedUrl);
        byte[] whole = await server.Service.GetByteArrayAsync(resource + "?include=" + Uri.EscapeDataString("[!full]"));

        output.WriteLine($"{name}: client->gateway {Encoding.UTF8.GetByteCount(requestBody)} B body; gateway->service GET {forwardedUrl.Length} B path+query ({forwarded}); service->gateway {fromService.Length} B; gateway->client {toClient.Length} B; the service's whole resource ([!full]) {whole.Length} B");
        fromService.Length.ShouldBeLessThan(whole.Length);
        toClient.Length.ShouldBeLessThanOrEqualTo(fromService.Length);
    }
}

using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

public class EnvelopeErrorTests(EnvelopeTestHostServer server) : IClassFixture<EnvelopeTestHostServer>
{
    [Fact]
    public async Task Get_HandlersOwnProblem_IsEnvelopedLikePopcornsOwn()
    {
        using var response = await server.Client.GetAsync("/api/employees/999");

        response.StatusCode.ShouldBe(HttpStatusCode.NotFound);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["success"]!.GetValue<bool>().ShouldBeFalse();
        body["error"]!["status"]!.GetValue<int>().ShouldBe(404);
    }
}

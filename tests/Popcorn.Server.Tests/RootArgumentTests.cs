using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>first/skip on root lists over in-memory data, REST and gateway, on Kestrel; refused on a single object.</summary>
public class RootArgumentTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Theory]
    [InlineData("(skip: 1, first: 2)[id]")]
    [InlineData("(skip: 1, first: 2) { id }")]
    public async Task Get_RootArguments_PageTheList(string selection)
    {
        var all = JsonNode.Parse(await server.Client.GetStringAsync("/api/employees?include=[id]"))!.AsArray();

        var page = JsonNode.Parse(await server.Client.GetStringAsync("/api/employees?include=" + Uri.EscapeDataString(selection)))!.AsArray();

        page.Select(e => (int)e!["id"]!).ShouldBe(all.Skip(1).Take(2).Select(e => (int)e!["id"]!));
    }

    [Fact]
    public async Task Get_RootArgumentsOnASingleObject_Answer400WithTheirPosition()
    {
        using var response = await server.Client.GetAsync("/api/employees/1?include=" + Uri.EscapeDataString(" (first: 1)[id]"));

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        ((int)problem["column"]!).ShouldBe(3, text); // the first argument
        ((string)problem["excerpt"]!).ShouldContain("first: 1");
    }

    [Fact]
    public async Task Post_GatewayRootArguments_PageInMemoryLists()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ all: employees { id } page: employees(skip: 1, first: 2) { id } }");

        status.ShouldBe(200);
        var data = body!["data"]!;
        data["page"]!.AsArray().Select(e => (int)e!["id"]!).ShouldBe(data["all"]!.AsArray().Skip(1).Take(2).Select(e => (int)e!["id"]!));
    }

    [Fact]
    public async Task Post_GatewayRootArgumentOnASingleObjectField_IsUnknown()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 1, first: 1) { id } }");

        ((string)body!["errors"]![0]!["message"]!).ShouldContain("Unknown argument \"first\"");
    }
}

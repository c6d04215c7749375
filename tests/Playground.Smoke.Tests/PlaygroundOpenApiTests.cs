using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

/// <summary>The playground's OpenAPI document: its resources document the selection, and nothing hidden is named.</summary>
public class PlaygroundOpenApiTests(PlaygroundFixture server) : IClassFixture<PlaygroundFixture>
{
    [Fact]
    public async Task OpenApi_Resources_DocumentTheSelection()
    {
        var document = JsonNode.Parse(await server.Client.GetStringAsync("/openapi/v1.json"))!;

        foreach (string path in new[] { "/api/employees", "/api/employees/{id}", "/api/store/orders" })
        {
            document["paths"]![path]!["get"]!["parameters"]!.AsArray().Select(p => p!["name"]!.GetValue<string>()).ShouldContain("include", path);
        }

        document["paths"]!["/graphql"]!["post"]!["operationId"]!.GetValue<string>().ShouldBe("PopcornGatewayPost");
    }

    [Fact]
    public async Task OpenApi_Text_NamesNoNeverMember()
    {
        string text = await server.Client.GetStringAsync("/openapi/v1.json");
        var product = JsonNode.Parse(text)!["components"]!["schemas"]!["Product"]!;

        foreach (string hidden in new[] { "socialSecurityNumber", "internalNote", "passwordHash" })
        {
            text.ShouldNotContain(hidden, Case.Insensitive);
        }

        product["properties"]!.AsObject().Select(p => p.Key).ShouldNotContain("cost");
    }

    [Fact]
    public async Task OpenApi_OrderStatus_IsTheStringTheWireCarries()
    {
        var document = JsonNode.Parse(await server.Client.GetStringAsync("/openapi/v1.json"))!;
        var status = document["components"]!["schemas"]!["OrderStatus"]!;
        string orders = await server.Client.GetStringAsync("/api/store/orders?include=%5Bstatus%5D");

        status["type"]!.GetValue<string>().ShouldBe("string");
        status["enum"]!.AsArray().Select(v => v!.GetValue<string>()).ShouldBe(["Open", "Shipped", "Delivered"]);
        orders.ShouldContain("\"status\":\"");
    }
}

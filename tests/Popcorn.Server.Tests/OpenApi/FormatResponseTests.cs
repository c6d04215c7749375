namespace Popcorn.Server.Tests.OpenApi;

/// <summary>The CSV and JSON Lines bodies and the 406 of content negotiation are in the OpenAPI document beside the JSON one.</summary>
public class FormatResponseTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Theory]
    [InlineData("/books", "get")]
    [InlineData("/books/{id}", "get")]
    public void Document_PopcornEndpoint_OffersEveryFormatItWrites(string path, string method)
    {
        var content = server.Operation(path, method)!["responses"]!["200"]!["content"]!.AsObject();

        content.Select(c => c.Key).ShouldBe(["application/json", "text/csv", "application/jsonl", "application/x-ndjson"]);
        content["text/csv"]!["schema"]!["type"]!.GetValue<string>().ShouldBe("string");
        content["application/jsonl"]!["schema"]!["allOf"]![0]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/Book");
    }

    [Fact]
    public void Document_PopcornEndpoint_DocumentsThe406Problem()
    {
        var problem = server.Operation("/books", "get")!["responses"]!["406"]!["content"]!["application/problem+json"]!;

        problem["schema"]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/PopcornProblem");
        server.Document["components"]!["schemas"]!["PopcornProblem"]!["properties"]!["errorKind"]!["enum"]!.AsArray()
            .Select(e => e!.GetValue<string>()).ShouldContain("NotATable");
    }

    [Fact]
    public void Document_EndpointWithoutPopcorn_KeepsJsonOnly() =>
        server.Operation("/health", "get")!["responses"]!["200"]!["content"]!.AsObject().Select(c => c.Key).ShouldBe(["application/json"]);
}

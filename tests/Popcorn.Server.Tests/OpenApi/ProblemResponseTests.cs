using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>The 400 problem a bad selection gets is documented, with the members Popcorn's problems carry.</summary>
public class ProblemResponseTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Theory]
    [InlineData("/books", "get")]
    [InlineData("/books/{id}", "get")]
    [InlineData("/mvc/books/{id}", "get")]
    public void Document_PopcornEndpoint_DocumentsTheProblem(string path, string method)
    {
        var content = server.Operation(path, method)!["responses"]!["400"]!["content"]!.AsObject();

        content.Select(c => c.Key).ShouldBe(["application/problem+json"]);
        content["application/problem+json"]!["schema"]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/PopcornProblem");
    }

    [Fact]
    public void Document_ProblemSchema_HasPopcornsMembers()
    {
        var problem = server.Document["components"]!["schemas"]!["PopcornProblem"]!;

        problem["properties"]!.AsObject().Select(p => p.Key).ShouldBe(
            ["type", "title", "status", "detail", "line", "column", "excerpt", "errorKind", "field", "suggestions", "available", "traceId"], ignoreOrder: true);
        problem["properties"]!["errorKind"]!["enum"]!.AsArray().Select(e => e!.GetValue<string>()).ShouldContain("UnknownField");
    }

    [Fact]
    public void Document_EndpointWithItsOwn400_OffersBothProblems()
    {
        var response = server.Operation("/books/checked", "post")!["responses"]!["400"]!;

        response["description"]!.GetValue<string>().ShouldNotContain("selection");
        var offered = response["content"]!["application/problem+json"]!["schema"]!["anyOf"]!.AsArray().Select(s => s!["$ref"]!.GetValue<string>());
        offered.ShouldBe(["#/components/schemas/HttpValidationProblemDetails", "#/components/schemas/PopcornProblem"]);
    }

    [Theory]
    [InlineData("[titel]")]
    [InlineData("[id")]
    public async Task Get_BadSelection_AnswersOnlyDocumentedMembers(string selection)
    {
        using var response = await server.Client.GetAsync("/books?include=" + Uri.EscapeDataString(selection));
        var documented = server.Document["components"]!["schemas"]!["PopcornProblem"]!["properties"]!.AsObject().Select(p => p.Key).ToHashSet();

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsObject();
        body.Select(p => p.Key).Where(key => !documented.Contains(key)).ShouldBeEmpty();
    }
}

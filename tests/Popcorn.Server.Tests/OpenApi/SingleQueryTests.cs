using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>
/// An endpoint returning a query for one object (<c>AsPopcornSingle()</c>): documented as answering the model, or a 404
/// problem, and answering so over an in-memory query (no projector takes it: its first element is read as it is).
/// </summary>
public class SingleQueryTests(ShelfServer server) : IClassFixture<ShelfServer>
{
    [Fact]
    public void Document_SingleQueryEndpoint_AnswersTheModelOrA404Problem()
    {
        var responses = server.Document["paths"]!["/books/single/{id}"]!["get"]!["responses"]!;

        responses["200"]!["content"]!["application/json"]!["schema"]!.ToJsonString()
            .ShouldBe(server.Document["paths"]!["/books/{id}"]!["get"]!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!.ToJsonString());
        responses["404"]!["content"]!.AsObject().Select(c => c.Key).ShouldContain("application/problem+json");
        server.DocumentText.ShouldNotContain("PopcornSingle");
    }

    [Fact]
    public async Task Get_SingleQuery_WritesTheFirstElementWithTheSelection()
    {
        string body = await server.Client.GetStringAsync($"/books/single/{Shelf.Dune.Id}?include=" + Uri.EscapeDataString("[title,author[name]]"));

        var book = JsonNode.Parse(body)!;
        book["title"]!.GetValue<string>().ShouldBe(Shelf.Dune.Title);
        book["author"]!["name"]!.GetValue<string>().ShouldBe(Shelf.Dune.Author!.Name);
        book.AsObject().Select(p => p.Key).ShouldBe(["id", "title", "author"]);
    }

    [Fact]
    public async Task Get_SingleQueryWithNoElement_Answers404Problem()
    {
        using var response = await server.Client.GetAsync("/books/single/999");

        response.StatusCode.ShouldBe(HttpStatusCode.NotFound);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
    }
}

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>The document follows Popcorn's options (names, envelope) and the option that leaves Popcorn's own endpoints out.</summary>
public class ConfiguredDocumentTests(ConfiguredShelfServer server) : IClassFixture<ConfiguredShelfServer>
{
    [Fact]
    public void Document_OwnEndpointsLeftOut_AreNotDescribed()
    {
        var paths = server.Document["paths"]!.AsObject().Select(p => p.Key).ToList();

        paths.ShouldNotContain(path => path.StartsWith("/graphql", StringComparison.Ordinal) || path.StartsWith("/popcorn", StringComparison.Ordinal));
        paths.ShouldContain("/books");
        paths.ShouldContain("/health");
    }

    [Fact]
    public void Document_ConfiguredNames_AreTheDocumentedParameters()
    {
        var parameters = server.Operation("/books", "get")!["parameters"]!.AsArray().Select(p => (p!["name"]!.GetValue<string>(), p["in"]!.GetValue<string>()));

        parameters.ShouldBe([("fields", "query"), ("X-Fields", "header")]);
        server.Operation("/books", "get")!["x-popcorn"]!["queryParameter"]!.GetValue<string>().ShouldBe("fields");
    }

    [Fact]
    public void Document_Envelope_DocumentsTheEnvelopedProblem()
    {
        var content = server.Operation("/books", "get")!["responses"]!["400"]!["content"]!.AsObject();

        content.Select(c => c.Key).ShouldBe(["application/json"]);
        var envelope = server.Resolve(content["application/json"]!["schema"]!);
        envelope["properties"]!["error"]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/PopcornProblem");
    }

    [Fact]
    public void Document_Envelope_WrapsTheSuccessBodyAndLeavesTheRowFormatsBare()
    {
        var content = server.Operation("/books", "get")!["responses"]!["200"]!["content"]!;

        var envelope = content["application/json"]!["schema"]!;
        envelope["required"]!.AsArray().Select(n => n!.GetValue<string>()).ShouldBe(["success", "data"]);
        envelope["properties"]!["data"]!["type"]!.GetValue<string>().ShouldBe("array");
        envelope["properties"]!["data"]!["items"]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/Book");
        content["application/jsonl"]!["schema"]!.ToJsonString().ShouldNotContain("success");
    }

    [Fact]
    public void Document_Text_NamesNoNeverMember()
    {
        foreach (string hidden in Shelf.HiddenNames)
        {
            server.DocumentText.ShouldNotContain(hidden, Case.Insensitive);
        }
    }
}

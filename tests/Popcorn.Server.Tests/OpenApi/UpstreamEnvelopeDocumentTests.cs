namespace Popcorn.Server.Tests.OpenApi;

/// <summary>With <c>Envelope = Upstream</c>, the document describes upstream's envelope as the wire has it, keys named by the policy.</summary>
public class UpstreamEnvelopeDocumentTests(UpstreamEnvelopeShelfServer server) : IClassFixture<UpstreamEnvelopeShelfServer>
{
    [Fact]
    public void Document_SuccessBody_IsTheModelInUpstreamsEnvelope()
    {
        var schema = server.Operation("/books/{id}", "get")!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!;

        schema["required"]!.AsArray().Select(n => n!.GetValue<string>()).ShouldBe(["success", "data"]);
        schema["properties"]!["success"]!["type"]!.GetValue<string>().ShouldBe("boolean");
        schema["properties"]!["data"]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/Book");
    }

    [Fact]
    public void Document_BadSelection_IsUpstreamsErrorEnvelopeWithCodeMessageAndDetail()
    {
        var content = server.Operation("/books", "get")!["responses"]!["400"]!["content"]!.AsObject();

        content.Select(c => c.Key).ShouldBe(["application/json"]);
        var envelope = server.Resolve(content["application/json"]!["schema"]!);
        envelope["required"]!.AsArray().Select(n => n!.GetValue<string>()).ShouldBe(["success", "error"]);
        var error = envelope["properties"]!["error"]!;
        error["properties"]!.AsObject().Select(p => p.Key).ShouldBe(["code", "message", "detail"]);
        error["required"]!.AsArray().Select(n => n!.GetValue<string>()).ShouldBe(["code", "message"]);
    }

    [Fact]
    public void Document_HandlersOwnValidationProblem_IsDescribedInTheEnvelopeItIsWrittenIn()
    {
        var responses = server.Operation("/books/checked", "post")!["responses"]!.AsObject();

        foreach (var (status, response) in responses.Where(r => r.Key[0] is '4' or '5'))
        {
            response!["content"]!.AsObject().Select(c => c.Key).ShouldBe(["application/json"], $"status {status}");
        }
    }
}

using System.Diagnostics;
using System.Net.Http.Headers;
using System.Text;

namespace Popcorn.Server.Tests;

/// <summary>
/// Popcorn's spans on real Kestrel: names, parents and attributes. Each test's requests carry a trace of their own,
/// so spans of tests running in parallel are never counted.
/// </summary>
public class PopcornTracingTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Get_NewSelection_SpansParseCompileResolveAndWriteUnderTheRequest()
    {
        using var spans = new SpanCapture();

        await GetAsync(spans, "/api/cars/1", "[make,owner[tracingProbe:email]]");

        spans.Popcorn.Select(s => s.OperationName).ShouldBe(["popcorn.parse", "popcorn.compile", "popcorn.resolve", "popcorn.write"], ignoreOrder: true);
        spans.Popcorn.ShouldAllBe(s => s.ParentSpanId == spans.Request.SpanId);
        spans.Single("popcorn.parse").GetTagItem("popcorn.selection.syntax").ShouldBe("include");
        spans.Single("popcorn.compile").GetTagItem("popcorn.model").ShouldBe("Car");
        spans.Single("popcorn.write").GetTagItem("popcorn.response.body.size").ShouldBeOfType<long>().ShouldBeGreaterThan(0);
    }

    [Fact]
    public async Task Get_CachedSelection_HasNoParseOrCompileSpan()
    {
        await server.GetAsync("/api/cars/2", "[model,tracingCached:color]");
        using var spans = new SpanCapture();

        await GetAsync(spans, "/api/cars/2", "[model,tracingCached:color]");

        spans.Popcorn.Select(s => s.OperationName).ShouldBe(["popcorn.resolve", "popcorn.write"], ignoreOrder: true);
    }

    [Fact]
    public async Task Get_SyntaxError_MarksTheParseSpanAsFailed()
    {
        using var spans = new SpanCapture();

        var status = await GetAsync(spans, "/api/cars/1", "{ make tracingBroken");

        status.ShouldBe(400);
        var parse = spans.Single("popcorn.parse");
        parse.Status.ShouldBe(ActivityStatusCode.Error);
        parse.StatusDescription.ShouldBe("Syntax");
        spans.Popcorn.ShouldNotContain(s => s.OperationName == "popcorn.resolve");
    }

    [Fact]
    public async Task Get_UnknownField_MarksTheCompileSpanAsFailed()
    {
        using var spans = new SpanCapture();

        await GetAsync(spans, "/api/cars/1", "[make,tracingWheels]");

        var compile = spans.Single("popcorn.compile");
        compile.Status.ShouldBe(ActivityStatusCode.Error);
        compile.StatusDescription.ShouldBe("UnknownField");
    }

    [Fact]
    public async Task Post_Gateway_OperationSpanFollowsGraphQLConventionsAndHoldsTheSteps()
    {
        using var spans = new SpanCapture();
        const string document = "query TracingProbe { car(id: 1) { tracingMake: make } cars { tracingYear: year } }";

        await PostGraphQLAsync(spans, document, "TracingProbe");

        var operation = spans.Single("query");
        operation.ParentSpanId.ShouldBe(spans.Request.SpanId);
        operation.GetTagItem("graphql.operation.type").ShouldBe("query");
        operation.GetTagItem("graphql.operation.name").ShouldBe("TracingProbe");
        operation.GetTagItem("graphql.document").ShouldBe(document);
        var steps = spans.Popcorn.Where(s => s != operation).ToArray();
        steps.Select(s => s.OperationName).ShouldBe(["popcorn.parse", "popcorn.compile", "popcorn.compile", "popcorn.resolve", "popcorn.resolve", "popcorn.write"], ignoreOrder: true);
        steps.ShouldAllBe(s => s.ParentSpanId == operation.SpanId);
        steps.Where(s => s.OperationName == "popcorn.resolve").Select(s => s.GetTagItem("popcorn.field")).ShouldBe(["car", "cars"]);
    }

    [Fact]
    public async Task Post_GatewayWithoutOperationName_HasNoOperationNameAttribute()
    {
        using var spans = new SpanCapture();

        await PostGraphQLAsync(spans, "{ car(id: 3) { make } }", operationName: null);

        var operation = spans.Single("query");
        operation.GetTagItem("graphql.operation.name").ShouldBeNull();
        operation.Kind.ShouldBe(ActivityKind.Internal);
    }

    private async Task<int> GetAsync(SpanCapture spans, string path, string include)
    {
        using var request = spans.Traced(new HttpRequestMessage(HttpMethod.Get, $"{path}?include={Uri.EscapeDataString(include)}"));
        using var response = await server.Client.SendAsync(request);
        await response.Content.ReadAsStringAsync();
        await spans.EndedAsync();
        return (int)response.StatusCode;
    }

    private async Task PostGraphQLAsync(SpanCapture spans, string document, string? operationName)
    {
        var payload = new System.Text.Json.Nodes.JsonObject { ["query"] = document, ["operationName"] = operationName };
        using var request = spans.Traced(new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json"),
        });
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(TestHostServer.GraphQLResponseMediaType));
        using var response = await server.Client.SendAsync(request);
        await response.Content.ReadAsStringAsync();
        await spans.EndedAsync();
    }
}

using System.Text;

namespace Popcorn.Server.Tests;

/// <summary>
/// Each of Popcorn's instruments records what a request on real Kestrel did. The class has its own test host, whose
/// meter no other class's requests reach, and its tests run one after another.
/// </summary>
public class PopcornMetricsTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private const string Selections = "popcorn.selections";
    private const string Errors = "popcorn.selection.errors";
    private const string CacheRequests = "popcorn.cache.requests";
    private const string ResponseSize = "popcorn.response.body.size";

    [Fact]
    public async Task Get_IncludeSyntaxInQueryParameter_CountsOneIncludeSelectionByQuery()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars/1", "[make,year]");

        var selection = metrics.Of(Selections).ShouldHaveSingleItem();
        selection.Value.ShouldBe(1);
        selection.Unit.ShouldBe("{selection}");
        selection.Tags["popcorn.selection.syntax"].ShouldBe("include");
        selection.Tags["popcorn.selection.transport"].ShouldBe("query");
    }

    [Fact]
    public async Task Get_GraphQLSyntaxInHeader_CountsOneGraphQLSelectionByHeader()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars/1", header: "{ make color }");

        metrics.Sum(Selections, ("popcorn.selection.syntax", "graphql"), ("popcorn.selection.transport", "header")).ShouldBe(1);
    }

    [Fact]
    public async Task Get_NoSelection_CountsASelectionOfNoSyntaxAndNoTransport()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars/2");

        metrics.Sum(Selections, ("popcorn.selection.syntax", "none"), ("popcorn.selection.transport", "none")).ShouldBe(1);
    }

    [Fact]
    public async Task Post_Gateway_CountsOneGraphQLSelectionByGateway()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.PostGraphQLAsync("{ car(id: 1) { make } }");

        metrics.Sum(Selections, ("popcorn.selection.syntax", "graphql"), ("popcorn.selection.transport", "gateway")).ShouldBe(1);
    }

    [Fact]
    public async Task Get_SyntaxError_CountsOneErrorOfKindSyntax()
    {
        using var metrics = new MetricCapture(server.Services);

        var (status, _, _) = await server.GetAsync("/api/cars/1", "[make,");

        status.ShouldBe(400);
        var error = metrics.Of(Errors).ShouldHaveSingleItem();
        error.Tags["popcorn.error.kind"].ShouldBe("syntax");
        error.Unit.ShouldBe("{error}");
    }

    [Fact]
    public async Task Get_UnknownField_CountsOneErrorOfKindUnknownField()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/cars/1", "[make,wheels]");

        metrics.Sum(Errors, ("popcorn.error.kind", "unknown_field")).ShouldBe(1);
        metrics.Of(Errors).Count.ShouldBe(1);
    }

    [Fact]
    public async Task Post_UnknownRootFieldAndUnknownField_CountsEachErrorOnce()
    {
        using var metrics = new MetricCapture(server.Services);

        var (status, _, _) = await server.PostGraphQLAsync("{ trucks { id } car(id: 1) { wheels } }");

        status.ShouldBe(400);
        metrics.Sum(Errors, ("popcorn.error.kind", "unknown_field")).ShouldBe(2);
        metrics.Of(Errors).Count.ShouldBe(2);
    }

    [Fact]
    public async Task Get_SameSelectionTwice_MissesThenHitsThePlanCacheByText()
    {
        using var metrics = new MetricCapture(server.Services);
        (string, string) byText = ("popcorn.cache.name", "plans_by_text");

        await server.GetAsync("/api/cars/1", "[model,licensePlate]");
        await server.GetAsync("/api/cars/1", "[model,licensePlate]");

        metrics.Sum(CacheRequests, byText, ("popcorn.cache.result", "miss")).ShouldBe(1);
        metrics.Sum(CacheRequests, byText, ("popcorn.cache.result", "hit")).ShouldBe(1);
    }

    [Fact]
    public async Task Get_SameSelectionInTheOtherSyntax_HitsThePlanCacheByCanonicalForm()
    {
        using var metrics = new MetricCapture(server.Services);
        (string, string) byCanonicalForm = ("popcorn.cache.name", "plans_by_canonical_form");

        await server.GetAsync("/api/cars/1", "[year,color]");
        await server.GetAsync("/api/cars/1", "{ year color }");

        metrics.Sum(CacheRequests, byCanonicalForm, ("popcorn.cache.result", "miss")).ShouldBe(1);
        metrics.Sum(CacheRequests, byCanonicalForm, ("popcorn.cache.result", "hit")).ShouldBe(1);
    }

    [Fact]
    public async Task Post_SameDocumentTwice_MissesThenHitsTheGatewayDocumentCache()
    {
        using var metrics = new MetricCapture(server.Services);
        (string, string) documents = ("popcorn.cache.name", "gateway_documents");

        await server.PostGraphQLAsync("{ metricsProbe: car(id: 2) { make } }");
        await server.PostGraphQLAsync("{ metricsProbe: car(id: 2) { make } }");

        metrics.Sum(CacheRequests, documents, ("popcorn.cache.result", "miss")).ShouldBe(1);
        metrics.Sum(CacheRequests, documents, ("popcorn.cache.result", "hit")).ShouldBe(1);
    }

    [Fact]
    public async Task Get_Response_RecordsTheBodysBytes()
    {
        using var metrics = new MetricCapture(server.Services);

        var (_, _, body) = await server.GetAsync("/api/employees", "[firstName,manager[email]]");

        var size = metrics.Of(ResponseSize).ShouldHaveSingleItem();
        size.Unit.ShouldBe("By");
        size.Value.ShouldBe(Encoding.UTF8.GetByteCount(body));
        size.Tags["popcorn.endpoint.kind"].ShouldBe("rest");
    }

    [Fact]
    public async Task Post_Gateway_RecordsTheBodysBytesAsGateway()
    {
        using var metrics = new MetricCapture(server.Services);

        var (_, _, body) = await server.PostGraphQLAsync("{ cars { make } }");

        var size = metrics.Of(ResponseSize).ShouldHaveSingleItem();
        size.Value.ShouldBe(Encoding.UTF8.GetByteCount(body!.ToJsonString()));
        size.Tags["popcorn.endpoint.kind"].ShouldBe("gateway");
    }
}

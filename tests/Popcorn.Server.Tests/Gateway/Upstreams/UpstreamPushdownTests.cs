using System.Diagnostics;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// Root fields of an upstream Popcorn service served by the gateway: the same answer as the service's own gateway gives
/// for the same document, with exactly the selection's part sent to the service.
/// </summary>
public sealed class UpstreamPushdownTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    [Theory]
    [InlineData("{ employees { firstName lastName } }")]
    [InlineData("{ employee(id: 2) { firstName boss: manager { email } department { name } } }")]
    [InlineData("{ a: employees { id } b: cars { make model } }")]
    [InlineData("query Q { departments { ...D } } fragment D on Department { name members { firstName __typename } }")]
    [InlineData("{ employees(first: 2, skip: 1) { lastName } }")]
    [InlineData("{ departments { name members(first: 1) { firstName } } }")]
    [InlineData("{ employee(id: 99999) { firstName } }")]
    public async Task Query_OverUpstreamRootFields_AnswersAsTheServiceItselfDoes(string query)
    {
        var (status, body) = await server.PostAsync(query);
        var (_, direct) = await UpstreamGatewayServer.PostAsync(server.Service, query);

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        direct!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe(direct["data"]!.ToJsonString());
    }

    [Fact]
    public async Task Query_WithFragmentsAndVariables_SendsTheServiceOnlyTheCanonicalInclude()
    {
        var (status, _) = await server.PostAsync(
            "query Q($id: Int!, $withMail: Boolean!) { employee(id: $id) { ...F boss: manager { email @include(if: $withMail) firstName } } } fragment F on Employee { firstName }",
            """{"id": 3, "withMail": false}""");

        status.ShouldBe(200);
        server.Received.ShouldContain(r => r.Query == "[employee(id: 3)[firstName,boss:manager[firstName]]]");
    }

    [Fact]
    public async Task Query_MixingLocalAndUpstreamRoots_AnswersBothInDocumentOrder()
    {
        var (status, body) = await server.PostAsync("{ note { text } cars { make } }");

        status.ShouldBe(200, body!.ToJsonString());
        body!["data"]!["note"]!["text"]!.GetValue<string>().ShouldBe("answered by the gateway itself");
        body["data"]!["cars"]!.AsArray().Count.ShouldBeGreaterThan(0);
        body["data"]!.AsObject().Select(p => p.Key).ShouldBe(["note", "cars"]);
    }

    [Fact]
    public async Task TypeName_OnAnUpstreamType_IsTheGatewaysTypeName()
    {
        var (_, body) = await server.PostAsync("{ faultyCars { __typename make } }");

        body!["data"]!["faultyCars"]![0]!["__typename"]!.GetValue<string>().ShouldBe("FaultyCar");
    }

    [Fact]
    public async Task Sdl_ListsTheUpstreamTypesAndRootFieldsWithTheirArguments()
    {
        string sdl = await server.Gateway.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("type Employee");
        sdl.ShouldContain("type FaultyEmployee");
        sdl.ShouldContain("employee(id: Int!): Employee");
        sdl.ShouldContain("faultyEmployees");
        sdl.ShouldContain("note: GatewayNote");
    }

    [Fact]
    public async Task UnknownFieldOnAnUpstreamType_IsRefusedByTheGatewayBeforeAnyCall()
    {
        int before = server.Received.Count;

        var (status, body) = await server.PostAsync("{ employees { salaryBand } }");

        status.ShouldBe(200); // a legacy application/json client: the errors in a 200
        body!["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("salaryBand");
        server.Received.Count.ShouldBe(before);
    }

    [Fact]
    public async Task Authorization_IsForwardedByAllowList_AndOtherHeadersAreNot()
    {
        await server.PostAsync("{ car(id: 1) { make } }", headers: h =>
        {
            h.TryAddWithoutValidation("Authorization", "Bearer for-the-service");
            h.TryAddWithoutValidation("X-Internal-Secret", "stays-at-the-gateway");
        });

        var call = server.Received.Last(r => r.Query.StartsWith("[car(", StringComparison.Ordinal));
        call.Headers.Authorization.ToString().ShouldBe("Bearer for-the-service");
        call.Headers.ContainsKey("X-Internal-Secret").ShouldBeFalse();
    }

    [Fact]
    public async Task TraceContext_FromTheClient_ReachesTheServiceInTheSameTrace()
    {
        // As a tracing SDK (OpenTelemetry) does: listen to ASP.NET Core's and HttpClient's activities.
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name is "Microsoft.AspNetCore" or "System.Net.Http",
            Sample = static (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
        };
        ActivitySource.AddActivityListener(listener);
        var traceId = ActivityTraceId.CreateRandom();
        string traceparent = $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01";

        await server.PostAsync("{ department(id: 1) { name } }", headers: h => h.TryAddWithoutValidation("traceparent", traceparent));

        var call = server.Received.Last(r => r.Query.StartsWith("[department(", StringComparison.Ordinal));
        string received = call.Headers["traceparent"].ToString();
        received.ShouldStartWith($"00-{traceId}-");
        received.ShouldNotBe(traceparent); // a span of the gateway's own lies between
    }
}

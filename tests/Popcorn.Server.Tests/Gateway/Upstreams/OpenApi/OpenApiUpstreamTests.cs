using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A plain JSON service described by its OpenAPI document, behind the gateway: its GET operations are root fields, its
/// answers projected to the client's selection by the gateway and checked against the document.
/// </summary>
public sealed class OpenApiUpstreamTests(OpenApiGatewayServer server) : IClassFixture<OpenApiGatewayServer>
{
    private static readonly JsonSerializerOptions s_plain = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    [Fact]
    public async Task ListOperation_IsARootField_TheWholeAnswerProjectedToTheSelectionInItsOrder()
    {
        var (status, body) = await server.PostAsync("{ listShipments { trackingCode id destination { city } events { at } } }");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe(
            """{"listShipments":[{"trackingCode":"PK-1","id":1,"destination":{"city":"Oslo"},"events":[{"at":"2026-01-05T09:00:00+00:00"},{"at":"2026-01-06T10:30:00+00:00"}]},{"trackingCode":"PK-\"2\"","id":2,"destination":{"city":"Bergen"},"events":[]}]}""");
        server.Shipping.Calls.ShouldContain("/shipments");
    }

    [Fact]
    public async Task PathAndQueryParameters_AreTheFieldsArguments_SentEscapedInThePlainRequest()
    {
        var (_, body) = await server.PostAsync("""{ getShipment(id: 2) { id trackingCode } listShipments(carrier: "Post & Co") { id } }""");

        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"getShipment":{"id":2,"trackingCode":"PK-\"2\""},"listShipments":[]}""");
        server.Shipping.Calls.ShouldContain("/shipments/2");
        server.Shipping.Calls.ShouldContain("/shipments?carrier=Post%20%26%20Co");
    }

    [Fact]
    public async Task FieldsTheServiceLeavesOut_AreNullWhenTheDocumentDoesNotRequireThem_AndAliasesAndTypenameAreTheGateways()
    {
        var (_, body) = await server.PostAsync("{ one: getShipment(id: 2) { __typename carrier weightKg labels returnTo { city } code: trackingCode } }");

        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"one":{"__typename":"Shipment","carrier":null,"weightKg":null,"labels":null,"returnTo":null,"code":"PK-\"2\""}}""");
    }

    [Fact]
    public async Task NotFound_FromAnOperationThatDeclaresIt_IsNullWithoutAnError()
    {
        var (status, body) = await server.PostAsync("{ getShipment(id: 7) { id } }");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"getShipment":null}""");
    }

    [Fact]
    public async Task FirstAndSkip_OnTheServicesLists_AreAppliedByTheGateway()
    {
        var (_, body) = await server.PostAsync("{ listShipments(first: 1) { id events(first: 1, skip: 1) { note } } later: listShipments(skip: 1) { id } }");

        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"listShipments":[{"id":1,"events":[{"note":"delivered"}]}],"later":[{"id":2}]}""");
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(64)]
    public async Task ListSentInSmallPieces_IsProjectedAsItStreamsIn_ToTheSameAnswerAsOneSentWhole(int size)
    {
        const string Selection = "{ trackingCode id destination { city } events { at } }";
        var (_, whole) = await server.PostAsync("{ list: listShipments " + Selection + " }");
        var (status, body) = await server.PostAsync($$"""{ list: faultyShipments(fault: "trickle-{{size}}") {{Selection}} }""");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe(Text(whole!["data"]));
    }

    [Fact]
    public async Task FirstOnAListThatNeverEnds_IsAnsweredOnceThePageHasArrived_TheRestNeverRead()
    {
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(30)); // the service's body never ends: only a page can finish
        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, """{ faultyShipments(fault: "endless", first: 2) { id trackingCode } }""", cancellationToken: limit.Token);

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"faultyShipments":[{"id":1,"trackingCode":"PK-1"},{"id":2,"trackingCode":"PK-2"}]}""");
    }

    [Fact]
    public async Task ListWhoseBodyNeverEnds_IsAGatewayTimeoutAfterTheServicesTimeout_NotAHang()
    {
        await using var gateway = UpstreamGatewayServer.BuildGateway(server.ShippingSettings("--Popcorn:Upstreams:shipping:Timeout=00:00:01", "--Popcorn:Upstreams:shipping:AttemptTimeout=00:00:01"));
        await gateway.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(30));

        var (status, body) = await UpstreamGatewayServer.PostAsync(client, """{ faultyShipments(fault: "endless") { id } }""", cancellationToken: limit.Token);

        status.ShouldBe(200);
        body!["data"]!["faultyShipments"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["message"]!.GetValue<string>().ShouldBe("The field 'faultyShipments' is unavailable. The service 'shipping' is unavailable.");
    }

    [Fact]
    public async Task OnlyRootFieldStreamedToTheClient_BreakingBeforeAnythingWasSent_IsNullWithItsError()
    {
        var (status, body) = await server.PostAsync("""{ faultyShipments(fault: "wrong-type") { trackingCode } }""");

        status.ShouldBe(200);
        body!["data"]!.ToJsonString().ShouldBe("""{"faultyShipments":null}""");
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["path"]!.ToJsonString().ShouldBe("""["faultyShipments"]""");
        error["message"]!.GetValue<string>().ShouldBe(
            "The field 'faultyShipments' is unavailable. The service 'shipping' sent a value that breaks its OpenAPI document at 'faultyShipments[1].trackingCode': expected a string.");
    }

    [Fact]
    public async Task OnlyRootFieldStreamedToTheClient_BreakingAfterBytesWereSent_CutsTheConnection_AndSaysWhy()
    {
        await using var gateway = UpstreamGatewayServer.BuildGateway(server.ShippingSettings("--Popcorn:Upstreams:shipping:MaxResponseBytes=10000000"));
        using var logs = LogCapture.Attach(gateway.Services, "Popcorn.Server");
        await gateway.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };

        // About 1.9 MB of the list is written before the broken shipment: more than the 1 MB the response is held for.
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = JsonContent("""{ faultyShipments(fault: "large-then-broken") { id trackingCode } }""") };
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        response.StatusCode.ShouldBe(System.Net.HttpStatusCode.OK); // sent before the fault was found
        await Should.ThrowAsync<Exception>(async () => JsonNode.Parse(await response.Content.ReadAsStringAsync()));

        var cut = logs.Entries.Single(e => e.EventId == 12);
        cut.Message.ShouldContain("The list 'faultyShipments' streamed from its upstream service failed after part of the response was sent");
        cut.Message.ShouldContain("'faultyShipments[3000].trackingCode': expected a string");
    }

    [Fact]
    public async Task OnlyRootFieldStreamedToTheClient_ReachesTheClientBeforeTheServiceHasFinished()
    {
        await using var gateway = UpstreamGatewayServer.BuildGateway(server.ShippingSettings("--Popcorn:Upstreams:shipping:MaxResponseBytes=10000000"));
        await gateway.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(30));

        // The service sends about 1.9 MB of its list and then nothing more: the selection keeps more than the 1 MB a response
        // is held for, so only a gateway that streams can have sent it by now (with { id } alone it is held, then 504).
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = JsonContent("""{ faultyShipments(fault: "large-then-hang") { id trackingCode } }""") };
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, limit.Token);
        await using var stream = await response.Content.ReadAsStreamAsync(limit.Token);
        var first = new byte[64];
        await stream.ReadExactlyAsync(first, limit.Token);

        System.Text.Encoding.UTF8.GetString(first).ShouldStartWith("""{"data":{"faultyShipments":[{"id":1,"trackingCode":"xxx""");
    }

    private static StringContent JsonContent(string query) =>
        new(new JsonObject { ["query"] = query }.ToJsonString(), System.Text.Encoding.UTF8, "application/json");

    [Fact]
    public async Task NullElementInARootList_BreaksItsNonNullElements_TheFieldsError()
    {
        var (_, body) = await server.PostAsync("""{ faultyShipments(fault: "null-element") { id } listShipments { id } }""");

        body!["data"]!["faultyShipments"].ShouldBeNull();
        body["errors"]!.AsArray().ShouldHaveSingleItem()!["message"]!.GetValue<string>().ShouldBe(
            "The field 'faultyShipments' is unavailable. The service 'shipping' sent a value that breaks its OpenAPI document at 'faultyShipments[1]': expected a value (its OpenAPI document requires it and does not allow null).");
    }

    [Fact]
    public async Task SomethingAfterAStreamedList_IsMalformedJson_TheFieldsError()
    {
        var (status, body) = await server.PostAsync("""{ faultyShipments(fault: "trailing") { id } listShipments { id } }""");

        status.ShouldBe(200);
        body!["data"]!["faultyShipments"].ShouldBeNull();
        body["data"]!["listShipments"]!.AsArray().Count.ShouldBe(2);
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["message"]!.GetValue<string>().ShouldBe("The field 'faultyShipments' is unavailable. The service 'shipping' sent malformed JSON.");
    }

    [Fact]
    public async Task ValueOfTheWrongType_IsTheFieldsSourceUnavailableError_NamingWhere_AndTheOtherFieldsAreAnswered()
    {
        var (status, body) = await server.PostAsync("""{ faultyShipments(fault: "wrong-type") { trackingCode } listShipments { id } }""");

        status.ShouldBe(200);
        body!["data"]!["faultyShipments"].ShouldBeNull();
        body["data"]!["listShipments"]!.AsArray().Count.ShouldBe(2);
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["path"]!.ToJsonString().ShouldBe("""["faultyShipments"]""");
        error["message"]!.GetValue<string>().ShouldBe(
            "The field 'faultyShipments' is unavailable. The service 'shipping' sent a value that breaks its OpenAPI document at 'faultyShipments[1].trackingCode': expected a string.");
    }

    [Fact]
    public async Task ValueOfTheWrongType_InAFieldNotSelected_IsNotReadAndBreaksNothing()
    {
        var (_, body) = await server.PostAsync("""{ faultyShipments(fault: "wrong-type") { id } }""");

        body!["errors"].ShouldBeNull();
        Text(body["data"]).ShouldBe("""{"faultyShipments":[{"id":1},{"id":2}]}""");
    }

    [Theory]
    [InlineData("missing-required", "{ destination { city } }", "at 'faultyShipments[0].destination': expected a value (its OpenAPI document requires it and does not allow null)")]
    [InlineData("null-required", "{ trackingCode }", "at 'faultyShipments[0].trackingCode': expected a value")]
    [InlineData("fractional-id", "{ id }", "at 'faultyShipments[0].id': expected a 32-bit integer")]
    [InlineData("not-a-date", "{ events { at } }", "at 'faultyShipments[0].events[1].at': expected an ISO 8601 date and time")]
    [InlineData("malformed", "{ id }", "The service 'shipping' sent malformed JSON.")]
    [InlineData("oversized", "{ id }", "The service 'shipping' sent more than 50000 bytes")]
    [InlineData("unavailable", "{ id }", "The service 'shipping' answered 503.")]
    [InlineData("not-found", "{ id }", "The service 'shipping' answered 404.")]
    public async Task AnswerThatBreaksTheDocumentOrTheCap_IsTheFieldsSourceUnavailableError(string fault, string selection, string expected)
    {
        var (status, body) = await server.PostAsync($$"""{ faultyShipments(fault: "{{fault}}") {{selection}} }""");

        status.ShouldBe(200);
        body!["data"]!["faultyShipments"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["message"]!.GetValue<string>().ShouldContain(expected);
    }

    [Fact]
    public async Task UnknownFieldOrMissingRequiredArgument_IsRefusedBeforeAnyCall()
    {
        int before = server.Shipping.Calls.Count;

        var (_, unknown) = await server.PostAsync("{ listShipments { id internalCost } }");
        var (_, missing) = await server.PostAsync("{ getShipment { id } }");

        unknown!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("internalCost");
        missing!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("id");
        server.Shipping.Calls.Count.ShouldBe(before);
    }

    [Fact]
    public async Task Schema_TypesNullabilityAndArgumentsFollowTheDocument()
    {
        var (_, body) = await server.PostAsync("""
            { shipment: __type(name: "Shipment") { description fields { name type { kind name ofType { kind name } } } }
              query: __type(name: "Query") { fields { name args { name type { kind name ofType { name } } } } } }
            """);

        body!["errors"].ShouldBeNull();
        var fields = body["data"]!["shipment"]!["fields"]!.AsArray().ToDictionary(f => f!["name"]!.GetValue<string>(), f => f!["type"]!.ToJsonString());
        body["data"]!["shipment"]!["description"]!.GetValue<string>().ShouldBe("A parcel on its way.");
        fields.Keys.ShouldBe(["id", "trackingCode", "carrier", "weightKg", "delivered", "destination", "returnTo", "labels", "events"]);
        fields["id"].ShouldBe("""{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"Int"}}""");
        fields["carrier"].ShouldBe("""{"kind":"SCALAR","name":"String","ofType":null}""");
        fields["destination"].ShouldBe("""{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Address"}}""");
        fields["returnTo"].ShouldBe("""{"kind":"OBJECT","name":"Address","ofType":null}""");
        var root = body["data"]!["query"]!["fields"]!.AsArray().ToDictionary(f => f!["name"]!.GetValue<string>(), f => f!["args"]!.ToJsonString());
        root.Keys.ShouldContain("listShipments");
        root.Keys.ShouldContain("getShipment");
        root.Keys.ShouldNotContain("createShipment");
        root["getShipment"].ShouldBe("""[{"name":"id","type":{"kind":"NON_NULL","name":null,"ofType":{"name":"Int"}}}]""");
        root["listShipments"].ShouldContain("""{"name":"carrier","type":{"kind":"SCALAR","name":"String","ofType":null}}""");
    }

    private static string Text(JsonNode? node) => node!.ToJsonString(s_plain);
}

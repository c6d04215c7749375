using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using static Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks.SchemaCheckGateway;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>
/// A gateway that reads a plain service's OpenAPI document again (<c>SchemaCheckInterval</c>) while the document is
/// changed, broken or taken away under it, every app on real Kestrel: the changed document is served as a Popcorn
/// service's changed schema is (same checks, refusal, report and logging), and an unchanged one publishes nothing.
/// </summary>
public sealed class OpenApiSchemaCheckTests
{
    private const string UpstreamLogs = "Popcorn.Server.Upstream";

    [Fact]
    public async Task PropertyAddedToTheDocument_IsQueryableWithoutARestart_InSdlAndIntrospection()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);
        (await PostAsync(gateway, "{ listShipments { internalCost } }")).Body!["errors"].ShouldNotBeNull();

        service.ChangeDocument(d => ChangingOpenApiService.PropertiesOf(d, "Shipment")["internalCost"] = new JsonObject { ["type"] = "number" });
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeFalse();
        status["changes"]!.AsArray().Select(c => (string?)c!["change"]).ShouldBe(["Shipment.internalCost added (double?)"]);
        logs.Entries.Single(e => e.EventId == 64).Message.ShouldContain("Upstream 'shipping': its OpenAPI document changed without breaking anything, and the gateway now serves the new schema: Shipment.internalCost added");
        var (_, body) = await PostAsync(gateway, "{ listShipments { id internalCost } }");
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"listShipments":[{"id":1,"internalCost":12.5},{"id":2,"internalCost":null}]}""");
        TypeBlock(await GetAsync(gateway, "/graphql/schema.graphql"), "Shipment").ShouldContain("internalCost: Float");
        var introspected = (await PostAsync(gateway, "{ __type(name: \"Shipment\") { fields { name } } }")).Body!;
        introspected["data"]!["__type"]!["fields"]!.AsArray().Select(f => (string?)f!["name"]).ShouldContain("internalCost");
    }

    [Fact]
    public async Task PropertyRemovedAndParameterMadeAList_AreServed_RefusedByValidation_AndReportedAsBreaking()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);
        (await PostAsync(gateway, "{ listShipments { carrier } }")).Body!["errors"].ShouldBeNull();

        service.ChangeDocument(d =>
        {
            ChangingOpenApiService.PropertiesOf(d, "Shipment").Remove("carrier");
            var carrier = ChangingOpenApiService.PathsOf(d)["/shipments"]!["get"]!["parameters"]![0]!;
            carrier["schema"] = JsonNode.Parse("""{ "type": "array", "items": { "type": "string" } }""");
        });
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeTrue();
        status["refused"].ShouldBeNull();
        status["changes"]!.AsArray().Select(c => ((bool)c!["breaking"]!, (string?)c["change"])).ShouldBe([
            (true, "Shipment.carrier removed"),
            (true, "root field listShipments changed from (carrier: String): [Shipment] to (carrier: [String!]): [Shipment]"),
        ]);
        var warning = logs.Entries.Single(e => e.EventId == 63);
        warning.Level.ShouldBe(LogLevel.Warning);
        warning.Message.ShouldContain("Upstream 'shipping': its OpenAPI document changed in 2 breaking ways, and the gateway now serves the new schema");
        var (_, body) = await PostAsync(gateway, "{ listShipments { id carrier } }");
        body!["data"].ShouldBeNull();
        ((string)body["errors"]![0]!["message"]!).ShouldContain("Cannot query field \"carrier\" on type \"Shipment\"");
        TypeBlock(await GetAsync(gateway, "/graphql/schema.graphql"), "Shipment").ShouldNotContain("carrier");

        service.Shipping.Calls.Clear();
        (await PostAsync(gateway, """{ listShipments(carrier: ["Posten", "Bring"]) { id } }""")).Body!["data"]!.ToJsonString().ShouldBe("""{"listShipments":[]}""");
        service.Shipping.Calls.ShouldContain("/shipments?carrier=Posten&carrier=Bring");
    }

    [Fact]
    public async Task CachedRestResponsesOfThePlainService_AreEvictedWhenItsNewDocumentIsServed()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await StartCachingGatewayAsync(service.GatewaySettings(), "shipping", "/api/shipments", "listShipments");
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        (await client.GetAsync("/api/shipments?include=[trackingCode]")).Headers.Age.ShouldBeNull();
        (await client.GetAsync("/api/shipments?include=[trackingCode]")).Headers.Age.ShouldNotBeNull(); // from the cache

        service.ChangeDocument(d => ChangingOpenApiService.PropertiesOf(d, "Shipment").Remove("weightKg"));
        await WaitForCheckAsync(gateway, "shipping", s => s["changes"]!.AsArray().Count > 0);

        using var after = await client.GetAsync("/api/shipments?include=[trackingCode]");
        after.StatusCode.ShouldBe(System.Net.HttpStatusCode.OK);
        after.Headers.Age.ShouldBeNull(); // answered by the service again, not by the old document's entry
    }

    [Fact]
    public async Task OperationAddedToTheDocument_BecomesARootField()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        service.ChangeDocument(d => ChangingOpenApiService.PathsOf(d).Remove("/faulty/{fault}")); // an older version of the document
        await using var gateway = await service.StartGatewayAsync();
        (await PostAsync(gateway, """{ faultyShipments(fault: "wrong-type") { id } }""")).Body!["errors"].ShouldNotBeNull();

        service.RestoreDocument();
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["changes"]!.AsArray().Count > 0);

        status["changes"]!.AsArray().Select(c => (string?)c!["change"]).ShouldBe(["root field faultyShipments added ((fault: String!): [Shipment])"]);
        var (_, body) = await PostAsync(gateway, """{ faultyShipments(fault: "wrong-type") { id } }""");
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"faultyShipments":[{"id":1},{"id":2}]}""");
        TypeBlock(await GetAsync(gateway, "/graphql/schema.graphql"), "Query").ShouldContain("faultyShipments(fault: String!");
    }

    [Fact]
    public async Task ChangedDocumentThatClashesWithTheGatewaysOwnNames_IsRefused_TheLastGoodSchemaStaysServed_AndTheRefusalClears()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);
        int generation = Generation(gateway);

        service.ChangeDocument(d =>
        {
            // An operation named like the gateway's own root field 'note', and Shipment.carrier dropped.
            ChangingOpenApiService.PathsOf(d)["/notes"] = ChangingOpenApiService.GetOperation("note");
            ChangingOpenApiService.PropertiesOf(d, "Shipment").Remove("carrier");
        });
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["refused"] is not null);

        ((string)status["refused"]!).ShouldContain("Upstream 'shipping' has a root field 'note', and the gateway already has one of that name");
        status["changes"]!.AsArray().Select(c => (string?)c!["change"]).ShouldContain("Shipment.carrier removed");
        var error = logs.Entries.Single(e => e.EventId == 66);
        error.Level.ShouldBe(LogLevel.Error);
        error.Message.ShouldContain("its OpenAPI document changed, and the gateway cannot serve the new one, so it keeps serving the schema it had");
        var (_, body) = await PostAsync(gateway, "{ note { text } listShipments { carrier } }");
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"note":{"text":"answered by the gateway itself"},"listShipments":[{"carrier":"Posten"},{"carrier":null}]}""");
        Generation(gateway).ShouldBe(generation);

        service.RestoreDocument();
        status = await WaitForCheckAsync(gateway, "shipping", s => s["refused"] is null);
        status["changes"]!.AsArray().ShouldBeEmpty(); // the schema served never changed
        logs.Entries.Count(e => e.EventId == 66).ShouldBe(1); // once per refusal, not once per check
    }

    [Fact]
    public async Task ChangedDocumentWithAnOperationTheGatewayCannotServe_IsRefused_NamingTheOperation()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);

        service.ChangeDocument(d => ChangingOpenApiService.PathsOf(d)["/labels"] = JsonNode.Parse("""
            { "get": { "operationId": "labelsByCode", "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "object", "additionalProperties": { "type": "string" } } } } } } } }
            """));
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["refused"] is not null);

        ((string)status["refused"]!).ShouldContain("the operation 'labelsByCode' (GET /labels) cannot be served");
        status["unreachable"].ShouldBeNull();
        logs.Entries.Single(e => e.EventId == 66).Message.ShouldContain("Popcorn:Upstreams:shipping:Operations");
        (await PostAsync(gateway, "{ listShipments { id } }")).Body!["errors"].ShouldBeNull();
    }

    [Fact]
    public async Task DocumentChangedInNothingTheGatewayServes_PublishesNoNewGeneration()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);
        var servedSince = (string?)(await WaitForCheckAsync(gateway, "shipping", _ => true))["servedSince"];
        int generation = Generation(gateway);

        // A new version of the same description: its info, an operation the gateway does not serve, its keys' order.
        service.ChangeDocument(d =>
        {
            d["info"]!["version"] = "2";
            ChangingOpenApiService.PathsOf(d)["/shipments"]!["post"]!["summary"] = "Books a shipment.";
            var components = d["components"]!;
            d.Remove("components");
            d.Insert(1, "components", components);
        });
        await ChecksAfterAsync(service, 3);
        service.RestoreDocument();
        await ChecksAfterAsync(service, 3);

        var status = await StatusAsync(gateway, "shipping");
        Generation(gateway).ShouldBe(generation);
        ((string?)status["servedSince"]).ShouldBe(servedSince);
        status["changes"]!.AsArray().ShouldBeEmpty();
        status["refused"].ShouldBeNull();
        logs.Entries.Where(e => e.EventId is 61 or 63 or 64 or 66).ShouldBeEmpty();
    }

    [Fact]
    public async Task DocumentUnreachableOrUnreadableDuringACheck_IsReported_AndTheGatewayKeepsServing()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        await using var gateway = await service.StartGatewayAsync();
        using var logs = LogCapture.Attach(gateway.Services, UpstreamLogs);
        int generation = Generation(gateway);

        service.RemoveDocument();
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["unreachable"] is not null);

        ((string)status["unreachable"]!).ShouldContain("answered 404");
        status["changes"]!.AsArray().ShouldBeEmpty();
        logs.Entries.Where(e => e.EventId == 65).ShouldHaveSingleItem().Message.ShouldContain("Upstream 'shipping': its OpenAPI document could not be read again");
        var (_, body) = await PostAsync(gateway, "{ listShipments { id } }");
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"listShipments":[{"id":1},{"id":2}]}""");

        service.ServeInstead("<html>Maintenance</html>");
        status = await WaitForCheckAsync(gateway, "shipping", s => ((string?)s["unreachable"])?.Contains("cannot be read", StringComparison.Ordinal) == true);
        status["refused"].ShouldBeNull();

        service.RestoreDocument();
        status = await WaitForCheckAsync(gateway, "shipping", s => s["unreachable"] is null);
        status["changes"]!.AsArray().ShouldBeEmpty();
        Generation(gateway).ShouldBe(generation);
    }

    [Fact]
    public async Task ChangedDocumentThatNoLongerFitsAJoinToItsOperation_IsRefused_AndTheJoinKeepsBeingAnswered()
    {
        await using var service = await ChangingOpenApiService.StartAsync();
        service.ChangeDocument(WithIdList);
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. service.GatewaySettings()]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn();
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        await using var gateway = builder.Build();
        gateway.MapPopcornGateway("/graphql", g => g.Upstream("shipping").Join("Shipment.twin", from: "listShipments", key: "id"));
        gateway.MapPopcornSchema();
        await gateway.StartAsync();

        service.RestoreDocument(); // listShipments no longer takes a list of ids
        var status = await WaitForCheckAsync(gateway, "shipping", s => s["refused"] is not null);

        ((string)status["refused"]!).ShouldContain("Shipment.twin");
        status["changes"]!.AsArray().Select(c => (string?)c!["change"]).ShouldBe(["root field listShipments changed from (carrier: String, id: [Int!]): [Shipment] to (carrier: String): [Shipment]"]);
        var (_, body) = await PostAsync(gateway, "{ listShipments { id twin { id } } }");
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"listShipments":[{"id":1,"twin":{"id":1}},{"id":2,"twin":{"id":2}}]}""");
    }

    /// <summary>The shipping document with a list of ids, <c>id</c>, added to <c>listShipments</c>'s parameters.</summary>
    private static void WithIdList(JsonObject document) =>
        ChangingOpenApiService.PathsOf(document)["/shipments"]!["get"]!["parameters"]!.AsArray()
            .Add(JsonNode.Parse("""{ "name": "id", "in": "query", "schema": { "type": "array", "items": { "type": "integer", "format": "int32" } } }"""));

    private static int Generation(WebApplication gateway) => gateway.Services.GetRequiredService<PopcornGateway>().Current.Generation;

    /// <summary>Waits until the gateway has read the document <paramref name="reads"/> more times: at least the ones before the last are checked.</summary>
    private static async Task ChecksAfterAsync(ChangingOpenApiService service, int reads)
    {
        int before = service.Shipping.Calls.Count(c => c == ChangingOpenApiService.DocumentPath);
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (service.Shipping.Calls.Count(c => c == ChangingOpenApiService.DocumentPath) < before + reads)
        {
            await Task.Delay(50, limit.Token);
        }
    }
}

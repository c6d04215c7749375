using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A join to a plain service's operation through its list parameter, over real Kestrel: each shipment joined to its
/// "twin" (itself, by id) with one call carrying every key, and a call whose answer is malformed or breaks the
/// document nulling each joined field at its path while the parents are answered.
/// </summary>
public sealed class PlainJoinTests(OpenApiGatewayServer server) : IClassFixture<OpenApiGatewayServer>
{
    /// <summary>The shipping document with <c>id</c>, a list, added to <c>listShipments</c>, and two faulty operations that take it.</summary>
    private static readonly string s_document = ShippingDocument.Json
        .Replace(
            """{ "name": "carrier", "in": "query", "schema": { "type": "string" } } ]""",
            """{ "name": "carrier", "in": "query", "schema": { "type": "string" } }, { "name": "id", "in": "query", "schema": { "type": "array", "items": { "type": "integer" } } } ]""",
            StringComparison.Ordinal)
        .Replace(
            "\"/ping\": {",
            """
            "/faulty/malformed": { "get": { "operationId": "malformedTwins", "parameters": [ { "name": "id", "in": "query", "schema": { "type": "array", "items": { "type": "integer" } } } ],
              "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Shipment" } } } } } } } },
            "/faulty/wrong-type": { "get": { "operationId": "oddTwins", "parameters": [ { "name": "id", "in": "query", "schema": { "type": "array", "items": { "type": "integer" } } } ],
              "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Shipment" } } } } } } } },
            "/ping": {
            """,
            StringComparison.Ordinal);

    [Fact]
    public async Task JoinToAPlainOperation_OneCallWithEveryKey_EachObjectPlacedByItsOwnKey()
    {
        await using var app = await StartAsync("listShipments");
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        server.Shipping.Calls.Clear();

        var (status, body) = await UpstreamGatewayServer.PostAsync(client, "{ listShipments { id twin { id trackingCode } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        var shipments = body["data"]!["listShipments"]!.AsArray();
        shipments.Select(s => $"{s!["id"]}:{s["twin"]!["id"]}:{s["twin"]!["trackingCode"]!.GetValue<string>()}").ShouldBe(["1:1:PK-1", "2:2:PK-\"2\""]);
        server.Shipping.Calls.ShouldBe(["/shipments", "/shipments?id=1&id=2"]);
    }

    [Theory]
    [InlineData("malformedTwins", "sent malformed JSON")]
    [InlineData("oddTwins", "breaks its OpenAPI document at 'oddTwins[1].trackingCode': expected a string")]
    public async Task JoinCallThatFails_EachJoinedFieldIsNullWithItsPath_TheParentsAreAnswered(string operation, string why)
    {
        await using var app = await StartAsync(operation);
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };

        var (status, body) = await UpstreamGatewayServer.PostAsync(client, "{ listShipments { id twin { id trackingCode } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["data"]!.ToJsonString().ShouldBe("""{"listShipments":[{"id":1,"twin":null},{"id":2,"twin":null}]}""");
        var errors = body["errors"]!.AsArray();
        errors.Select(e => e!["path"]!.ToJsonString()).ShouldBe(["""["listShipments",0,"twin"]""", """["listShipments",1,"twin"]"""]);
        errors.ShouldAllBe(e => e!["extensions"]!["code"]!.GetValue<string>() == "SOURCE_UNAVAILABLE");
        errors[0]!["message"]!.GetValue<string>().ShouldContain(why);
    }

    private async Task<WebApplication> StartAsync(string from)
    {
        string name = Guid.NewGuid().ToString("N");
        server.Shipping.Documents[name] = s_document;
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. server.ShippingSettings($"--Popcorn:Upstreams:shipping:OpenApiPath=/docs/{name}.json")]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn();
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var app = builder.Build();
        app.MapPopcornGateway("/graphql", gateway => gateway.Upstream("shipping").Join("Shipment.twin", from: from, key: "id"));
        await app.StartAsync();
        return app;
    }
}

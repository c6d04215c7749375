using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>What in a plain JSON service's OpenAPI document stops the gateway app at startup, each with a message that says what to fix.</summary>
public sealed class OpenApiStartupTests(OpenApiGatewayServer server) : IClassFixture<OpenApiGatewayServer>
{
    /// <summary>The shipping document with one more GET operation, <c>/extra</c>, answering <paramref name="responseSchema"/>.</summary>
    private static string WithExtraOperation(string responseSchema) => ShippingDocument.Json.Replace(
        "\"/ping\": {",
        $$"""
        "/extra": { "get": { "operationId": "extra", "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": {{responseSchema}} } } } } } },
        "/ping": {
        """,
        StringComparison.Ordinal);

    private async Task<InvalidOperationException> StartFailsAsync(string document, params string[] settings)
    {
        string name = Guid.NewGuid().ToString("N");
        server.Shipping.Documents[name] = document;
        await using var app = UpstreamGatewayServer.BuildGateway(server.ShippingSettings([$"--Popcorn:Upstreams:shipping:OpenApiPath=/docs/{name}.json", .. settings]));
        return await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());
    }

    [Fact]
    public async Task OperationWithAUnionResponse_StopsTheAppNamingTheOperationAndTheOperationsOption()
    {
        var e = await StartFailsAsync(WithExtraOperation("""{ "oneOf": [ { "$ref": "#/components/schemas/Shipment" }, { "$ref": "#/components/schemas/Address" } ] }"""));

        e.Message.ShouldBe("Upstream 'shipping': the operation 'extra' (GET /extra) cannot be served: its response is one of several schemas (oneOf/anyOf), which the gateway does not serve yet. List the operations to serve in Popcorn:Upstreams:shipping:Operations to leave it out.");
    }

    [Theory]
    [InlineData("""{ "type": "array", "items": { "type": "string" } }""", "its response[] is not an object")]
    [InlineData("""{ "$ref": "#/components/schemas/Nowhere" }""", "refers to '#/components/schemas/Nowhere', which the document does not define")]
    [InlineData("""{ "type": "object", "additionalProperties": { "type": "integer" } }""", "is an object without properties (a free-form object or a map)")]
    [InlineData("""{ "type": "object", "properties": { "first-name": { "type": "string" } } }""", "'first-name' is not a GraphQL name")]
    [InlineData("""{ "type": "object", "properties": { "grid": { "type": "array", "items": { "type": "array", "items": { "type": "integer" } } } } }""", "is an array of arrays")]
    public async Task ResponseTheGatewayCannotType_StopsTheAppSayingWhy(string schema, string expected)
    {
        var e = await StartFailsAsync(WithExtraOperation(schema));

        e.Message.ShouldStartWith("Upstream 'shipping': the operation 'extra' (GET /extra) cannot be served: ");
        e.Message.ShouldContain(expected);
    }

    [Fact]
    public async Task OperationsOption_LeavesOutTheOperationsNotListed_AndTheGatewayServesTheRest()
    {
        string name = Guid.NewGuid().ToString("N");
        server.Shipping.Documents[name] = WithExtraOperation("""{ "oneOf": [ { "type": "string" }, { "type": "integer" } ] }""");
        await using var app = UpstreamGatewayServer.BuildGateway(server.ShippingSettings(
            $"--Popcorn:Upstreams:shipping:OpenApiPath=/docs/{name}.json",
            "--Popcorn:Upstreams:shipping:Operations:0=GetShipment"));

        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        var (_, served) = await UpstreamGatewayServer.PostAsync(client, "{ getShipment(id: 2) { id } }");
        var (_, leftOut) = await UpstreamGatewayServer.PostAsync(client, "{ listShipments { id } }");

        served!["data"]!["getShipment"]!["id"]!.GetValue<int>().ShouldBe(2);
        leftOut!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("listShipments");
    }

    [Fact]
    public async Task OperationsOption_NamingAnOperationTheDocumentLacks_StopsTheApp()
    {
        var e = await StartFailsAsync(ShippingDocument.Json, "--Popcorn:Upstreams:shipping:Operations:0=listParcels");

        e.Message.ShouldBe("Upstream 'shipping': Popcorn:Upstreams:shipping:Operations names 'listParcels', which its OpenAPI document has no GET operation for.");
    }

    [Fact]
    public async Task SwaggerTwoDocumentOrNotJson_StopsTheApp()
    {
        var swagger = await StartFailsAsync("""{ "swagger": "2.0", "info": { "title": "old", "version": "1" }, "paths": {} }""");
        var text = await StartFailsAsync("openapi: 3.0.3");

        swagger.Message.ShouldStartWith("Upstream 'shipping': ");
        text.Message.ShouldStartWith("Upstream 'shipping': its OpenAPI document cannot be read");
    }

    [Fact]
    public async Task ServiceThatIsDown_StopsTheAppNamingTheDocumentsAddress()
    {
        await using var app = UpstreamGatewayServer.BuildGateway(
            "--Popcorn:Upstreams:shipping:BaseAddress=http://127.0.0.1:9",
            "--Popcorn:Upstreams:shipping:Kind=OpenApi",
            "--Popcorn:Upstreams:shipping:MaxRetries=0");

        var e = await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());

        e.Message.ShouldContain("The OpenAPI document of upstream 'shipping' could not be read from http://127.0.0.1:9/openapi/v1.json");
    }

    [Fact]
    public async Task JoinToAPlainServicesOperation_StopsTheAppSayingWhy()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. server.ShippingSettings()]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn();
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        await using var app = builder.Build();
        app.MapPopcornGateway("/graphql", gateway => gateway.Upstream("shipping").Join("Shipment.twin", from: "listShipments", key: "id"));

        var e = await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());

        // To a plain service's operation, a join needs a list parameter named as the target key, so a level's keys go in one call.
        e.Message.ShouldContain("The gateway's join 'Shipment.twin' cannot be made: the operation 'listShipments' of the service 'shipping' has no list parameter 'id' to send all keys of a level in one call");
    }
}

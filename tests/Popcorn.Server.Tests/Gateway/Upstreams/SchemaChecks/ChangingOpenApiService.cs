using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>
/// A <see cref="PlainShippingService"/> on loopback Kestrel whose OpenAPI document (<see cref="ShippingDocument"/>, at
/// <c>/docs/live.json</c>) a test can change while a gateway runs in front of it, as a redeployed service's would, or
/// take away (404). Its answers stay what they are: the document changes, not the service.
/// </summary>
public sealed class ChangingOpenApiService : IAsyncDisposable
{
    /// <summary>Where the service serves its document.</summary>
    public const string DocumentPath = "/docs/" + DocumentName + ".json";

    private const string DocumentName = "live";

    public PlainShippingService Shipping { get; } = new();

    public static async Task<ChangingOpenApiService> StartAsync()
    {
        var service = new ChangingOpenApiService();
        await service.Shipping.StartAsync();
        service.RestoreDocument();
        return service;
    }

    /// <summary>From now on the service describes itself as <paramref name="change"/> makes <see cref="ShippingDocument"/>.</summary>
    public void ChangeDocument(Action<JsonObject> change)
    {
        var document = JsonNode.Parse(ShippingDocument.Json)!.AsObject();
        change(document);
        Shipping.Documents[DocumentName] = document.ToJsonString();
    }

    /// <summary>From now on the service serves <paramref name="text"/> where its document was.</summary>
    public void ServeInstead(string text) => Shipping.Documents[DocumentName] = text;

    /// <summary>From now on the service describes itself with <see cref="ShippingDocument"/> again.</summary>
    public void RestoreDocument() => Shipping.Documents[DocumentName] = ShippingDocument.Json;

    /// <summary>From now on the document's address answers 404.</summary>
    public void RemoveDocument() => Shipping.Documents.TryRemove(DocumentName, out _);

    /// <summary>The properties of the component schema <paramref name="schema"/> in <paramref name="document"/>.</summary>
    public static JsonObject PropertiesOf(JsonObject document, string schema) =>
        document["components"]!["schemas"]![schema]!["properties"]!.AsObject();

    /// <summary>The document's <c>paths</c>.</summary>
    public static JsonObject PathsOf(JsonObject document) => document["paths"]!.AsObject();

    /// <summary>A GET operation answering one <c>Shipment</c>, to add under a path of the document.</summary>
    public static JsonObject GetOperation(string operationId) => JsonNode.Parse($$"""
        { "get": { "operationId": "{{operationId}}", "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Shipment" } } } } } } }
        """)!.AsObject();

    /// <summary>A gateway's configuration for the service: <c>shipping</c>, kind <c>OpenApi</c>, its document read again every 100 ms, no retries.</summary>
    public string[] GatewaySettings() =>
    [
        $"--Popcorn:Upstreams:shipping:BaseAddress={Shipping.BaseAddress}",
        "--Popcorn:Upstreams:shipping:Kind=OpenApi",
        $"--Popcorn:Upstreams:shipping:OpenApiPath={DocumentPath}",
        "--Popcorn:Upstreams:shipping:SchemaCheckInterval=00:00:00.100",
        "--Popcorn:Upstreams:shipping:MaxRetries=0",
    ];

    /// <summary>A gateway over the service (<see cref="GatewaySettings"/>), with the app's own root field <c>note</c> and its <c>/popcorn/schema</c>, started.</summary>
    public async Task<WebApplication> StartGatewayAsync()
    {
        var app = UpstreamGatewayServer.BuildGateway(GatewaySettings());
        app.MapPopcornSchema();
        await app.StartAsync();
        return app;
    }

    public ValueTask DisposeAsync() => Shipping.DisposeAsync();
}

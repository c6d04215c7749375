using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// The gateway app's OpenAPI document describes its REST resources that upstream services answer
/// (<c>MapPopcornUpstream</c>) as it describes its own: the selection parameter with the fields, the response schema
/// (built from the services' types, joins included), the row formats and the services' faults. A gateway with
/// <c>AddOpenApi(o =&gt; o.AddPopcorn())</c> over <see cref="JoinServicesServer"/>'s services, on real Kestrel.
/// </summary>
public sealed class UpstreamResourceOpenApiTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>, IAsyncLifetime
{
    private WebApplication? _gateway;
    private JsonNode _document = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder([
            "--urls", "http://127.0.0.1:0",
            $"--Popcorn:Upstreams:parcels:BaseAddress={server.ParcelsAddress}",
            $"--Popcorn:Upstreams:recipients:BaseAddress={server.RecipientsAddress}",
        ]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        builder.Services.AddOpenApi(o => o.AddPopcorn());
        _gateway = builder.Build();
        _gateway.MapPopcornGateway("/graphql", g => g.Upstream("parcels").Upstream("recipients").Join("Parcel.recipient", from: "recipients", key: "recipientId"));
        _gateway.MapPopcornUpstream("/api/parcels", "parcels");
        _gateway.MapOpenApi();
        await _gateway.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()) };
        _document = JsonNode.Parse(await client.GetStringAsync("/openapi/v1.json"))!;
    }

    [Fact]
    public void UpstreamResource_DocumentsTheSelectionParameter_WithTheServicesFields()
    {
        var get = _document["paths"]!["/api/parcels"]!["get"]!;

        var include = get["parameters"]!.AsArray().Single(p => (string?)p!["name"] == "include")!;
        ((string)include["in"]!).ShouldBe("query");
        ((string)include["description"]!).ShouldContain("recipient");
        get["x-popcorn"].ShouldNotBeNull();
    }

    [Fact]
    public void UpstreamResource_DocumentsItsResponse_FromTheServicesTypes_JoinsIncluded()
    {
        var responses = _document["paths"]!["/api/parcels"]!["get"]!["responses"]!;

        var json = responses["200"]!["content"]!["application/json"]!["schema"]!;
        ((string)json["type"]!).ShouldBe("array");
        ((string)json["items"]!["$ref"]!).ShouldBe("#/components/schemas/Parcel");
        responses["200"]!["content"]!["text/csv"].ShouldNotBeNull();
        responses.AsObject().Select(r => r.Key).ShouldContain("400");
        new[] { "502", "503", "504" }.ShouldBeSubsetOf(responses.AsObject().Select(r => r.Key));

        var parcel = _document["components"]!["schemas"]!["Parcel"]!;
        parcel["required"].ShouldBeNull(); // a response holds what its selection chose
        var properties = parcel["properties"]!;
        properties["id"]!.ToJsonString().ShouldBe("""{"type":"integer","format":"int32"}""");
        properties["label"]!.ToJsonString().ShouldBe("""{"type":"string"}""");
        properties["recipientId"]!["type"]!.ToJsonString().ShouldBe("""["null","integer"]"""); // int? on the service
        ((string)properties["recipientId"]!["description"]!).ShouldStartWith("Filterable, so"); // its doc comment, through its schema
        properties["recipient"]!["anyOf"]![0]!["$ref"]!.GetValue<string>().ShouldBe("#/components/schemas/Recipient"); // the join: nullable
        _document["components"]!["schemas"]!["Recipient"]!["properties"]!["name"].ShouldNotBeNull();
    }

    public async Task DisposeAsync()
    {
        if (_gateway is not null)
        {
            await _gateway.DisposeAsync();
        }
    }
}

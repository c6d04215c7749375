using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>
/// An app whose Popcorn context writes enums as strings while its HTTP JSON options know nothing of that context (the
/// playground's store is set up so): the document must describe the enum as the wire has it, not as a number.
/// </summary>
public class EnumWireTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"] });
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options => options.AddContext(ParcelJsonContext.Default));
        builder.Services.AddOpenApi(o => o.AddPopcorn());
        _app = builder.Build();
        _app.MapOpenApi();
        _app.MapGet("/parcels", () => new List<Parcel> { new() { Id = 1, State = ParcelState.InTransit, Previous = null } }).WithPopcorn();
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Fact]
    public async Task Document_EnumWrittenAsStringByPopcorn_IsAStringSchemaOfTheWrittenNames()
    {
        var body = await _client.GetStringAsync("/parcels?include=[state]");
        var document = JsonNode.Parse(await _client.GetStringAsync("/openapi/v1.json"))!;

        body.ShouldBe("""[{"id":1,"state":"InTransit"}]""");
        var state = document["components"]!["schemas"]!["ParcelState"]!;
        state["type"]!.GetValue<string>().ShouldBe("string");
        state["enum"]!.AsArray().Select(v => v!.GetValue<string>()).ShouldBe(["Packed", "InTransit", "Delivered"]);
    }

    [Fact]
    public async Task Document_NullableEnumMember_StaysNullable()
    {
        var document = JsonNode.Parse(await _client.GetStringAsync("/openapi/v1.json"))!;

        var previous = document["components"]!["schemas"]!["Parcel"]!["properties"]!["previous"]!.ToJsonString();

        previous.ShouldContain("null");
        previous.ShouldNotContain("integer");
    }
}

/// <summary>Where a parcel is.</summary>
public enum ParcelState
{
    Packed,
    InTransit,
    Delivered,
}

/// <summary>A parcel, its state written as a string by Popcorn's context.</summary>
public sealed class Parcel
{
    [Always] public int Id { get; init; }
    [Default] public ParcelState State { get; init; }
    public ParcelState? Previous { get; init; }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<Parcel>))]
[JsonSerializable(typeof(ParcelState))]
[JsonSerializable(typeof(ParcelState?))]
internal partial class ParcelJsonContext : JsonSerializerContext;

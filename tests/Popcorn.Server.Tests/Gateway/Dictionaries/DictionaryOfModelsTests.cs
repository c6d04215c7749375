using System.Net;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Dictionaries;

/// <summary>
/// A dictionary of models (issue 30): REST selects inside its values; /graphql types it as the <c>Map</c> scalar (a
/// dictionary's keys are data, not fields a schema can name), written whole and refusing a selection; a member that
/// lists the entries makes the values selectable there, with [Never] kept out on both.
/// </summary>
public sealed class DictionaryOfModelsTests : IAsyncLifetime
{
    private static readonly List<Studio> s_studios =
    [
        new()
        {
            Id = 1,
            Name = "Abbey",
            Artists = new()
            {
                ["fab"] = new Artist { Name = "The Four", Albums = 13, Label = "Apple", Agent = "secret" },
                ["solo"] = new Artist { Name = "One", Albums = 2 },
            },
        },
    ];

    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = ["--urls", "http://127.0.0.1:0"] });
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options => options.AddContext(StudioJsonContext.Default));
        _app = builder.Build();
        _app.MapGet("/studios", () => s_studios).WithPopcorn();
        _app.MapPopcornGateway("/graphql", gateway => gateway.Field("studios", () => s_studios));
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Fact]
    public async Task Rest_SelectsInsideTheValues()
    {
        string body = await _client!.GetStringAsync("/studios?include=" + Uri.EscapeDataString("[artists[name]]"));

        body.ShouldBe("""[{"id":1,"artists":{"fab":{"name":"The Four"},"solo":{"name":"One"}}}]""");
    }

    [Fact]
    public async Task Gateway_TypesTheDictionaryAsMap_AndItsEntriesAsAList()
    {
        string sdl = await _client!.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("  artists: Map!\n");
        sdl.ShouldContain("  artistEntries(first: Int, skip: Int): [ArtistEntry!]!\n");
        sdl.ShouldContain("type ArtistEntry {\n  key: String!\n  value: Artist!\n}");
    }

    [Fact]
    public async Task Gateway_WritesTheMapsValues_ByTheirDefaultSelection_WithoutNeverFields()
    {
        var body = await PostAsync("{ studios { artists } }");

        body["data"]!["studios"]![0]!["artists"]!.ToJsonString().ShouldBe("""{"fab":{"name":"The Four","albums":13},"solo":{"name":"One","albums":2}}""");
    }

    [Fact]
    public async Task Gateway_RefusesASelectionOnTheMap_AndSelectsInsideTheEntries()
    {
        var refused = await PostAsync("{ studios { artists { name } } }");
        refused["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Field \"artists\" must not have a selection since type \"Map!\" has no subfields.");

        var body = await PostAsync("{ studios { artistEntries { key value { name } } } }");
        body["errors"].ShouldBeNull();
        body["data"]!["studios"]![0]!["artistEntries"]!.ToJsonString().ShouldBe("""[{"key":"fab","value":{"name":"The Four"}},{"key":"solo","value":{"name":"One"}}]""");
    }

    [Fact]
    public async Task Gateway_NeverFieldOfAnEntrysValue_IsUnknown()
    {
        var body = await PostAsync("{ studios { artistEntries { value { agent } } } }");

        body["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith("Cannot query field \"agent\" on type \"Artist\".");
    }

    private async Task<JsonNode> PostAsync(string query)
    {
        using var content = new StringContent(new JsonObject { ["query"] = query }.ToJsonString(), Encoding.UTF8, "application/json");
        using var response = await _client!.PostAsync("/graphql", content);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}

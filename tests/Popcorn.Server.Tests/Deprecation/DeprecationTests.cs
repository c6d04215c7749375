using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Deprecation;

/// <summary>
/// <c>[Obsolete]</c> members through a real gateway: deprecated in introspection (hidden unless
/// <c>includeDeprecated: true</c>, with the reason) and in the SDL, as graphql-js prints them; still selectable.
/// </summary>
public sealed class DeprecationTests : IAsyncLifetime
{
#pragma warning disable CS0612, CS0618 // The test data sets the obsolete members on purpose.
    private static readonly List<Gadget> s_gadgets = [new() { Id = 1, Name = "Widget", LegacyCode = 42, Label = "widget" }];
#pragma warning restore CS0612, CS0618

    private WebApplication _app = null!;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options => options.AddContext(GadgetJsonContext.Default));
        _app = builder.Build();
        _app.MapPopcornGateway("/graphql", gateway => gateway.Field("gadgets", () => s_gadgets));
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _app.DisposeAsync();
    }

    [Fact]
    public async Task Introspection_DeprecatedFields_HiddenByDefaultAndListedWithTheirReasonsWhenAsked()
    {
        var plain = await PostAsync("{ __type(name: \"Gadget\") { fields { name } } }");
        Names(plain).ShouldBe(["id", "label"]);

        var all = await PostAsync("{ __type(name: \"Gadget\") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }");
        var fields = all["data"]!["__type"]!["fields"]!.AsArray();
        Names(all).ShouldBe(["id", "name", "legacyCode", "label", "serial"]);
        fields[1]!["isDeprecated"]!.GetValue<bool>().ShouldBeTrue();
        fields[1]!["deprecationReason"]!.GetValue<string>().ShouldBe("Use \"label\" instead.");
        fields[2]!["deprecationReason"]!.GetValue<string>().ShouldBe("No longer supported");
        fields[3]!["isDeprecated"]!.GetValue<bool>().ShouldBeFalse();
        fields[3]!["deprecationReason"].ShouldBeNull();
    }

    [Fact]
    public async Task Sdl_DeprecatedFields_PrintedAsGraphQLJsPrintsThem()
    {
        string sdl = await _client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("  name: String @deprecated(reason: \"Use \\\"label\\\" instead.\")\n");
        sdl.ShouldContain("  legacyCode: Int! @deprecated\n");
        sdl.ShouldContain("  label: String\n");
        sdl.ShouldContain("  serial: Int! @deprecated(reason: \"Gone\\u0007 for good\\u0085 \U0001F600\")\n");
    }

    [Fact]
    public async Task Query_DeprecatedFields_AreStillAnswered()
    {
        var body = await PostAsync("{ gadgets { name legacyCode } }");

        body["errors"].ShouldBeNull();
        body["data"]!["gadgets"]![0]!.ToJsonString().ShouldBe("""{"name":"Widget","legacyCode":42}""");
    }

    private static string[] Names(JsonNode body) =>
        body["data"]!["__type"]!["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ToArray();

    private async Task<JsonNode> PostAsync(string query)
    {
        using var response = await _client.PostAsync("/graphql", new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json"));
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}

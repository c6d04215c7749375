using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Schema;

/// <summary>
/// A nested list's elements are non-null at /graphql exactly where no null can be written (docs/graphql-syntax.md,
/// "List element types"): value-type scalars and enums; a nullable value type, a string and a model stay nullable,
/// and the null a string list holds is written as null, as its type says it may be.
/// </summary>
public class ListElementTypesTests(ListElementTypesTests.SensorsServer server) : IClassFixture<ListElementTypesTests.SensorsServer>
{
    [Theory]
    [InlineData("samples", "  samples: [Int!]!\n")]
    [InlineData("levels", "  levels: [SensorLevel!]!\n")]
    [InlineData("gaps", "  gaps: [Int]!\n")]
    [InlineData("tags", "  tags: [String]!\n")]
    [InlineData("neighbours", "  neighbours(")]
    public async Task Sdl_ListElement_IsNonNullOnlyWhereNoNullCanBeWritten(string field, string line)
    {
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain(line, customMessage: field);
        if (field == "neighbours")
        {
            sdl.ShouldContain("): [Sensor]!\n");
        }
    }

    [Fact]
    public async Task Introspection_SamplesElement_IsNonNullInt()
    {
        var body = await server.PostAsync("{ __type(name: \"Sensor\") { fields { name type { kind ofType { kind ofType { kind ofType { name } } } } } } }");

        var samples = body["data"]!["__type"]!["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "samples")!["type"]!;
        samples["kind"]!.GetValue<string>().ShouldBe("NON_NULL");
        samples["ofType"]!["kind"]!.GetValue<string>().ShouldBe("LIST");
        samples["ofType"]!["ofType"]!["kind"]!.GetValue<string>().ShouldBe("NON_NULL");
        samples["ofType"]!["ofType"]!["ofType"]!["name"]!.GetValue<string>().ShouldBe("Int");
    }

    [Fact]
    public async Task Query_NullElementsOfNullableLists_AreWrittenAsNull()
    {
        var body = await server.PostAsync("{ sensors { samples gaps levels tags } }");

        body["data"]!["sensors"]![0]!.ToJsonString().ShouldBe("""{"samples":[1,2],"gaps":[3,null],"levels":["Low","High"],"tags":["a",null]}""");
    }

    /// <summary>The sensors behind /graphql, on Kestrel, on a free loopback port.</summary>
    public sealed class SensorsServer : IAsyncLifetime
    {
        private WebApplication? _app;

        public HttpClient Client { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"] });
            builder.Logging.ClearProviders();
            builder.Services.AddPopcorn(options => options.AddContext(SensorsJsonContext.Default));
            // A string list holding a null: the C# annotation says it cannot, the runtime does not stop it.
            List<Sensor> sensors = [new Sensor { Id = 1, Samples = [1, 2], Gaps = [3, null], Levels = [SensorLevel.Low, SensorLevel.High], Tags = ["a", null!] }];
            _app = builder.Build();
            _app.MapPopcornGateway("/graphql", gateway => gateway.Field("sensors", () => sensors));
            await _app.StartAsync();
            Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
        }

        public async Task<JsonNode> PostAsync(string query)
        {
            using var response = await Client.PostAsync("/graphql", new StringContent(new JsonObject { ["query"] = query }.ToJsonString(), System.Text.Encoding.UTF8, "application/json"));
            return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        }

        public async Task DisposeAsync()
        {
            Client?.Dispose();
            if (_app is not null)
            {
                await _app.DisposeAsync();
            }
        }
    }
}

using System.Net;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Schema;

/// <summary>
/// A nested list's elements are non-null at /graphql exactly where no null can be written (docs/graphql-syntax.md,
/// "List element types"): value-type scalars and enums, and strings and models declared non-null whose type cannot
/// lead back to itself, whose null elements the writers refuse; a nullable value type, a string declared nullable and
/// a model in a cycle stay nullable, and their null elements are written as null.
/// </summary>
public class ListElementTypesTests(ListElementTypesTests.SensorsServer server) : IClassFixture<ListElementTypesTests.SensorsServer>
{
    [Theory]
    [InlineData("samples", "  samples: [Int!]!\n")]
    [InlineData("levels", "  levels: [SensorLevel!]!\n")]
    [InlineData("gaps", "  gaps: [Int]!\n")]
    [InlineData("tags", "  tags: [String!]!\n")]
    [InlineData("notes", "  notes: [String]!\n")]
    [InlineData("readings", "): [Reading!]!\n")]
    [InlineData("neighbours", "): [Sensor]!\n")]
    public async Task Sdl_ListElement_IsNonNullOnlyWhereNoNullCanBeWritten(string field, string line)
    {
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");

        string declaration = sdl[sdl.IndexOf($"  {field}", StringComparison.Ordinal)..];
        declaration[..(declaration.IndexOf('\n') + 1)].ShouldEndWith(line, customMessage: field);
    }

    [Fact]
    public async Task Introspection_TagsElement_IsNonNullString()
    {
        var body = await server.PostAsync("{ __type(name: \"Sensor\") { fields { name type { kind ofType { kind ofType { kind ofType { name } } } } } } }");

        var tags = body["data"]!["__type"]!["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "tags")!["type"]!;
        tags["kind"]!.GetValue<string>().ShouldBe("NON_NULL");
        tags["ofType"]!["kind"]!.GetValue<string>().ShouldBe("LIST");
        tags["ofType"]!["ofType"]!["kind"]!.GetValue<string>().ShouldBe("NON_NULL");
        tags["ofType"]!["ofType"]!["ofType"]!["name"]!.GetValue<string>().ShouldBe("String");
    }

    [Fact]
    public async Task Query_NullElementsOfNullableLists_AreWrittenAsNull()
    {
        var body = await server.PostAsync("{ sensors { samples gaps levels tags notes readings { value } neighbours { id } } }");

        body["data"]!["sensors"]![0]!.ToJsonString().ShouldBe(
            """{"samples":[1,2],"gaps":[3,null],"levels":["Low","High"],"tags":["a","b"],"notes":["n",null],"readings":[{"value":7}],"neighbours":[{"id":1}]}""");
    }

    [Theory]
    [InlineData("{ sensors { id } faulty { id tags } }", "Sensor.tags")]
    [InlineData("{ faulty { readings { value } } }", "Sensor.readings")]
    [InlineData("{ faulty { readings(first: 5) { value } } }", "Sensor.readings")]
    [InlineData("{ faulty { id samples gaps levels tags notes readings { value unit } neighbours { id } } }", "Sensor.tags")]
    // Every field of Reading named once: a plan the writers would take their straight-line path for.
    [InlineData("{ labelled { readings { value unit labels } } }", "Reading.labels", "labelled")]
    [InlineData("{ labelled { readings { __all } } }", "Reading.labels", "labelled")]
    [InlineData("{ faulty { __all } }", "Sensor.tags")]
    public async Task Query_NullElementOfANonNullList_WithholdsTheData(string query, string list, string root = "faulty")
    {
        using var response = await server.PostForResponseAsync(query);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        body["data"].ShouldBeNull();
        body.AsObject().ContainsKey("data").ShouldBeTrue();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldContain($"'{list}' is null");
        error["path"]!.ToJsonString().ShouldBe($"[\"{root}\"]");
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("INTERNAL_SERVER_ERROR");
    }

    [Fact]
    public async Task Query_NullElementAfterBytesWereSent_AbortsTheResponse()
    {
        // The first root field passes the bytes held back (16 KB here), so they are on the wire before the null is met;
        // the reset can reach the client before or after it has read the headers.
        var e = await Should.ThrowAsync<Exception>(async () =>
        {
            using var response = await server.PostForResponseAsync("{ many { id tags notes } faulty { tags } }", HttpCompletionOption.ResponseHeadersRead);
            response.StatusCode.ShouldBe(HttpStatusCode.OK);
            await response.Content.ReadAsStringAsync();
        });

        (e is HttpRequestException or IOException).ShouldBeTrue(e.ToString());
    }

    [Fact]
    public async Task Mutation_NullElementInItsResult_WithholdsTheDataAfterTheWrite()
    {
        int before = server.Retagged;

        using var response = await server.PostForResponseAsync("mutation { retag(id: 3) { id tags } }");
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        server.Retagged.ShouldBe(before + 1);
        body["data"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldContain("'Sensor.tags' is null");
        error["path"]!.ToJsonString().ShouldBe("""["retag"]""");
    }

    [Fact]
    public async Task Rest_NullElementOfANonNullList_IsWrittenAsNull()
    {
        string body = await server.Client.GetStringAsync("/api/faulty?include=[id,tags]");

        body.ShouldBe("""[{"id":1,"tags":["a",null]}]""");
    }

    [Fact]
    public async Task PopcornSemantics_KeepElementsNullable_AndWriteTheNull()
    {
        await using var popcorn = await SensorsServer.StartAsync(gatewayUsesPopcornSemantics: true);

        string sdl = await popcorn.Client.GetStringAsync("/graphql/schema.graphql");
        var body = await popcorn.PostAsync("{ faulty { tags } }");

        sdl.ShouldContain("  tags: [String]!\n");
        sdl.ShouldContain("  samples: [Int!]!\n");
        body.ToJsonString().ShouldBe("""{"data":{"faulty":[{"id":1,"tags":["a",null]}]}}""");
    }

    /// <summary>The sensors behind /graphql and REST, on Kestrel, on a free loopback port.</summary>
    public sealed class SensorsServer : IAsyncLifetime, IAsyncDisposable
    {
        private WebApplication? _app;

        public HttpClient Client { get; private set; } = null!;

        /// <summary>How many times the <c>retag</c> mutation ran.</summary>
        public int Retagged => _retagged;

        private int _retagged;

        public Task InitializeAsync() => StartOnAsync(this, gatewayUsesPopcornSemantics: false);

        public static async Task<SensorsServer> StartAsync(bool gatewayUsesPopcornSemantics) =>
            await StartOnAsync(new SensorsServer(), gatewayUsesPopcornSemantics);

        private static async Task<SensorsServer> StartOnAsync(SensorsServer server, bool gatewayUsesPopcornSemantics)
        {
            var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"] });
            builder.Logging.ClearProviders();
            builder.Services.AddPopcorn(options =>
            {
                options.AddContext(SensorsJsonContext.Default);
                options.GatewayUsesPopcornSemantics = gatewayUsesPopcornSemantics;

                // Sent on from 16 KB rather than 1 MB, so a response can be caught with bytes on the wire.
                options.ResponseBufferBytes = 16 * 1024;
            });
            var sound = new Sensor
            {
                Id = 1, Samples = [1, 2], Gaps = [3, null], Levels = [SensorLevel.Low, SensorLevel.High], Tags = ["a", "b"], Notes = ["n", null],
                Readings = [new Reading { Value = 7, Unit = "C" }],
            };
            sound.Neighbours.Add(sound);
            List<Sensor> sensors = [sound];

            // Nulls the C# annotations say cannot be there: the runtime does not stop them.
            List<Sensor> faulty = [new Sensor { Id = 1, Tags = ["a", null!], Readings = [new Reading { Value = 1 }, null!] }];
            List<Sensor> labelled = [new Sensor { Id = 2, Readings = [new Reading { Value = 1, Labels = ["ok", null!] }] }];
            var many = Enumerable.Range(1, 1_000).Select(i => new Sensor { Id = i, Tags = ["a long enough tag"], Notes = ["and a note"] }).ToList();
            server._app = builder.Build();
            server._app.MapPopcornGateway("/graphql", gateway => gateway
                .Field("sensors", () => sensors)
                .Field("faulty", () => faulty)
                .Field("labelled", () => labelled)
                .Field("many", () => many)
                .Mutation("retag", (int id) =>
                {
                    Interlocked.Increment(ref server._retagged);
                    return new Sensor { Id = id, Tags = ["new", null!] };
                }));
            server._app.MapGet("/api/faulty", () => faulty).WithPopcorn();
            await server._app.StartAsync();
            server.Client = new HttpClient { BaseAddress = new Uri(server._app.Urls.First()) };
            return server;
        }

        public async Task<JsonNode> PostAsync(string query)
        {
            using var response = await PostForResponseAsync(query);
            return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        }

        public Task<HttpResponseMessage> PostForResponseAsync(string query, HttpCompletionOption completion = HttpCompletionOption.ResponseContentRead) =>
            Client.SendAsync(new HttpRequestMessage(HttpMethod.Post, "/graphql")
            {
                Content = new StringContent(new JsonObject { ["query"] = query }.ToJsonString(), System.Text.Encoding.UTF8, "application/json"),
            }, completion);

        public async Task DisposeAsync()
        {
            Client?.Dispose();
            if (_app is not null)
            {
                await _app.DisposeAsync();
            }
        }

        async ValueTask IAsyncDisposable.DisposeAsync() => await DisposeAsync();
    }
}

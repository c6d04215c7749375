using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

/// <summary>
/// The playground's GraphQL schema as clients see it, compared with committed snapshots: the SDL
/// (<c>/graphql/schema.graphql</c>) and the answer to graphql-js's <c>getIntrospectionQuery()</c>. A change to either is
/// a change every client's tooling sees, so it fails here until it is accepted: run with
/// <c>POPCORN_UPDATE_SNAPSHOTS=1</c>, then review the diff (docs/contributing.md, "Update the snapshots").
/// </summary>
public class SchemaSnapshotTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Fact]
    public async Task Sdl_MatchesSnapshot()
    {
        string sdl = await playground.Client.GetStringAsync("/graphql/schema.graphql");

        MatchSnapshot("schema.graphql", sdl);
    }

    [Fact]
    public async Task IntrospectionAnswer_MatchesSnapshot()
    {
        string query = await File.ReadAllTextAsync(SnapshotPath("introspection-query.graphql"));
        string body = new JsonObject { ["query"] = query, ["operationName"] = "IntrospectionQuery" }.ToJsonString();
        using var content = new StringContent(body, Encoding.UTF8, "application/json");
        using var response = await playground.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var answer = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        answer["errors"].ShouldBeNull();

        // Indented (and non-ASCII kept as it is) so a change reads as a diff of the lines that changed.
        string text = answer.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }) + "\n";
        MatchSnapshot("introspection.json", text);
    }

    private static void MatchSnapshot(string name, string actual)
    {
        string path = SnapshotPath(name);
        if (Environment.GetEnvironmentVariable("POPCORN_UPDATE_SNAPSHOTS") == "1")
        {
            File.WriteAllText(path, actual);
        }

        File.Exists(path).ShouldBeTrue($"No snapshot {path}; run with POPCORN_UPDATE_SNAPSHOTS=1 to create it.");
        actual.ShouldBe(File.ReadAllText(path), $"{name} differs from its snapshot; if the change is intended, run with POPCORN_UPDATE_SNAPSHOTS=1 and review the diff.");
    }

    private static string SnapshotPath(string name, [CallerFilePath] string callerPath = "") =>
        Path.Combine(Path.GetDirectoryName(callerPath)!, "Snapshots", name);
}

using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>
/// The test host in trusted-documents mode: an Apollo persisted-query manifest, written to a temporary file, lists
/// two gateway queries and one REST selection (ids computed here, as the manifest generator does).
/// </summary>
public sealed class TrustedDocumentsServer : TestHostServer, IAsyncLifetime
{
    public const string CarsQuery = "query Cars { cars { make model } }";
    public const string CarQuery = "query Car($id: Int!) { car(id: $id) { make } }";
    public const string EmployeeSelection = "[firstName,manager[firstName]]";

    private readonly string _directory = Directory.CreateTempSubdirectory("popcorn-trusted-").FullName;

    public string ManifestPath => Path.Combine(_directory, "persisted-query-manifest.json");

    protected override string[] Arguments
    {
        get
        {
            File.WriteAllText(ManifestPath, Manifest(("Cars", "query", CarsQuery), ("Car", "query", CarQuery), ("EmployeeSelection", "query", EmployeeSelection)));
            return [$"--Popcorn:TrustedDocumentsPath={ManifestPath}"];
        }
    }

    /// <summary>What <c>@apollo/generate-persisted-query-manifest</c> writes, for these operations.</summary>
    public static string Manifest(params (string Name, string Type, string Body)[] operations) =>
        new JsonObject
        {
            ["format"] = "apollo-persisted-query-manifest",
            ["version"] = 1,
            ["operations"] = new JsonArray(operations.Select(o => (JsonNode)new JsonObject
            {
                ["id"] = PersistedQueryTests.Sha256(o.Body),
                ["name"] = o.Name,
                ["type"] = o.Type,
                ["body"] = o.Body,
            }).ToArray()),
        }.ToJsonString();

    Task IAsyncLifetime.InitializeAsync() => InitializeAsync();

    async Task IAsyncLifetime.DisposeAsync()
    {
        await DisposeAsync();
        Directory.Delete(_directory, recursive: true);
    }
}

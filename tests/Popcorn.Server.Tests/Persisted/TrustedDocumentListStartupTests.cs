using System.Text.Json.Nodes;
using Microsoft.Extensions.Options;

namespace Popcorn.Server.Tests;

/// <summary>The trusted-documents list is read and checked when the app starts: a wrong list stops it, naming the entry.</summary>
public sealed class TrustedDocumentListStartupTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("popcorn-trusted-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public async Task ManifestEntryWhoseIdIsNotItsBodysHash_StopsTheApp_NamingTheEntry()
    {
        string manifest = TrustedDocumentsServer.Manifest(("Cars", "query", "{ cars { make } }"), ("Car", "query", "{ car(id: 1) { make } }"))
            .Replace(PersistedQueryTests.Sha256("{ car(id: 1) { make } }"), PersistedQueryTests.Sha256("{ car(id: 2) { make } }"));

        string message = await StartupFailure(manifest);

        message.ShouldContain("operations[1] ('Car')");
        message.ShouldContain(PersistedQueryTests.Sha256("{ car(id: 1) { make } }"));
        message.ShouldContain("TrustedDocumentsPath");
    }

    [Fact]
    public async Task CodegenMapWithAWrongKey_StopsTheApp_NamingTheKey()
    {
        string wrong = PersistedQueryTests.Sha256("something else");
        string map = new JsonObject { [wrong] = "{ cars { make } }" }.ToJsonString();

        (await StartupFailure(map)).ShouldContain($"entry '{wrong}'");
    }

    [Fact]
    public async Task Sha1Ids_StopTheApp_SayingToGenerateSha256()
    {
        string map = new JsonObject { [new string('a', 40)] = "{ cars { make } }" }.ToJsonString();

        (await StartupFailure(map)).ShouldContain("hashAlgorithm: 'sha256'");
    }

    [Theory]
    [InlineData("""{"format":"apollo-persisted-query-manifest","version":2,"operations":[]}""", "'version' must be 1")]
    [InlineData("""{"format":"something","operations":[]}""", "'format' must be")]
    [InlineData("""[1, 2]""", "must be a JSON object")]
    [InlineData("""{ "a": """, "not valid JSON")]
    [InlineData("""{}""", "holds no documents")]
    public async Task MalformedList_StopsTheApp_SayingWhy(string content, string expected)
    {
        (await StartupFailure(content)).ShouldContain(expected);
    }

    [Fact]
    public async Task MissingFile_StopsTheApp_NamingThePath()
    {
        string missing = Path.Combine(_directory, "nope.json");

        var failure = await Should.ThrowAsync<OptionsValidationException>(() => Start(missing));

        failure.Message.ShouldContain(missing);
    }

    [Fact]
    public async Task CodegenMap_WithSha256PrefixedKeys_Loads_AndServesById()
    {
        const string query = "{ cars { model } }";
        string path = Write(new JsonObject { ["sha256:" + PersistedQueryTests.Sha256(query)] = query }.ToJsonString());

        var app = await Start(path);
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
            var (status, body) = await PersistedQueryTests.PostAsync(client, null, PersistedQueryTests.Sha256(query));

            status.ShouldBe(200);
            body["data"]!["cars"]!.AsArray().Count.ShouldBeGreaterThan(0);
        }
        finally
        {
            await app.DisposeAsync();
        }
    }

    private async Task<string> StartupFailure(string content)
    {
        var failure = await Should.ThrowAsync<OptionsValidationException>(() => Start(Write(content)));
        return failure.Message;
    }

    private string Write(string content)
    {
        string path = Path.Combine(_directory, Guid.NewGuid() + ".json");
        File.WriteAllText(path, content);
        return path;
    }

    private static async Task<Microsoft.AspNetCore.Builder.WebApplication> Start(string path)
    {
        var app = TestHostServer.Start($"--Popcorn:TrustedDocumentsPath={path}", "--Logging:LogLevel:Default=None");
        try
        {
            await app.StartAsync();
            return app;
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }
    }
}

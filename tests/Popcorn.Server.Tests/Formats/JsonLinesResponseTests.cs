using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Formats;

/// <summary>JSON Lines (<c>application/jsonl</c>, <c>application/x-ndjson</c>): one selected object per line.</summary>
public class JsonLinesResponseTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Theory]
    [InlineData("application/jsonl", "[id,firstName,manager[email],vehicles[make],links]")]
    [InlineData("application/x-ndjson", "{ id department { name members { id } } }")]
    [InlineData("application/jsonl", null)]
    public async Task Get_JsonLines_AreTheJsonArraysElementsByteForByte(string accept, string? selection)
    {
        var json = await server.GetAsync("/api/employees", selection);
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", accept, selection);

        status.ShouldBe(200);
        contentType.ShouldBe($"{accept}; charset=utf-8");
        body.ShouldEndWith("\n");
        var lines = body[..^1].Split('\n');
        lines.Length.ShouldBe(16);
        ("[" + string.Join(',', lines) + "]").ShouldBe(json.Body);
    }

    [Fact]
    public async Task Get_JsonLinesOfASingleObject_IsOneLine()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/cars/1", "application/jsonl", "[make,owner[email]]");

        status.ShouldBe(200);
        body.ShouldBe("""{"id":1,"make":"Volvo","owner":{"id":1,"email":"ada.lovelace@example.com"}}""" + "\n");
    }

    [Fact]
    public async Task Get_JsonLinesOfTheWildcard_NeverShowsTheNeverField()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", "application/jsonl", "[!full]");

        status.ShouldBe(200);
        body.ShouldNotContain("ocialSecurity", Case.Insensitive);
        body.Split('\n', StringSplitOptions.RemoveEmptyEntries).ShouldAllBe(line => JsonNode.Parse(line, null, default) is JsonObject);
    }
}

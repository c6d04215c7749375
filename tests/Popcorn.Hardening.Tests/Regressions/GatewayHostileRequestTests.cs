using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>Hostile <c>/graphql</c> requests found while hardening, each a 500 or an amplification before its fix.</summary>
public class GatewayHostileRequestTests(TestHostServer host) : IClassFixture<TestHostServer>
{
    [Theory]
    [InlineData("""{"query": "{ employees { id } } #\ud800"}""")]
    [InlineData("""{"query": "{ employee(id: 1) { id } }", "operationName": "\udc00"}""")]
    [InlineData("""{"query": "query Q($id: Int!) { employee(id: $id) { id } }", "variables": {"id": "\ud800"}}""")]
    [InlineData("""{"query": "query Q($id: Int!) { employee(id: $id) { id } }", "variables": {"\ud800": 1, "id": 1}}""")]
    public async Task Post_StringThatIsNotValidUnicode_Is400NotA500(string body)
    {
        var (status, json) = await PostAsync(Encoding.UTF8.GetBytes(body));

        status.ShouldBe(400);
        json["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("not valid Unicode");
        json["data"].ShouldBeNull();
    }

    [Fact]
    public async Task Post_InvalidUtf8InTheQuery_Is400NotA500()
    {
        byte[] body = [.. Encoding.UTF8.GetBytes("""{"query": "{ employees { id """), 0xFF, .. Encoding.UTF8.GetBytes(""" } }"}""")];

        var (status, json) = await PostAsync(body);

        status.ShouldBe(400);
        json["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("not valid Unicode");
    }

    [Fact]
    public async Task Post_LongVariablePassedToManyAliases_ErrorsStaySmall()
    {
        // Each of 256 aliased fields quoted the whole 100 KB value: a 107 KB request got a 25 MB answer (1 MB: 256 MB).
        string query = "query Q($v: String) { " + string.Join(' ', Enumerable.Range(0, 256).Select(i => $"a{i}: employee(id: $v) {{ id }}")) + " }";
        string body = JsonSerializer.Serialize(new { query, variables = new { v = new string('z', 100_000) } });

        var (status, json, length) = await PostWithLengthAsync(Encoding.UTF8.GetBytes(body));

        status.ShouldBe(400);
        length.ShouldBeLessThan(200_000);
        var errors = json["errors"]!.AsArray();
        // One error per aliased field, up to the gateway's cap of 100, then one saying validation stopped.
        errors.Count.ShouldBe(101);
        errors[^1]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("TOO_MANY_ERRORS");
        // Validation refuses the variable's type before its value is read: no error echoes the value.
        errors[0]!["message"]!.GetValue<string>().ShouldBe("Variable \"$v\" of type \"String\" used in position expecting type \"Int!\".");
    }

    [Fact]
    public async Task Post_ShortWrongArgument_IsStillQuotedWhole()
    {
        var (status, json) = await PostAsync(Encoding.UTF8.GetBytes("""{"query": "{ employee(id: \"three\") { id } }"}"""));

        status.ShouldBe(400);
        json["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Int cannot represent non-integer value: \"three\"");
    }

    [Fact]
    public async Task Post_LongWrongArgument_IsQuotedShort()
    {
        string query = "{ " + string.Join(' ', Enumerable.Range(0, 80).Select(i => $"a{i}: employee(id: \"{new string('z', 60)}\") {{ id }}")) + " }";

        var (status, json) = await PostAsync(JsonSerializer.SerializeToUtf8Bytes(new { query }));

        status.ShouldBe(400);
        json["errors"]![0]!["message"]!.GetValue<string>().ShouldBe("Int cannot represent non-integer value: \"" + new string('z', 39) + "…");
    }

    private async Task<(int Status, JsonNode Json)> PostAsync(byte[] body)
    {
        var (status, json, _) = await PostWithLengthAsync(body);
        return (status, json);
    }

    private async Task<(int Status, JsonNode Json, long Length)> PostWithLengthAsync(byte[] body)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = content };
        request.Headers.Accept.ParseAdd(TestHostServer.GraphQLResponseMediaType); // refused documents are 4xx
        using var response = await host.Client.SendAsync(request);
        byte[] bytes = await response.Content.ReadAsByteArrayAsync();
        return ((int)response.StatusCode, JsonNode.Parse(bytes)!, bytes.LongLength);
    }
}

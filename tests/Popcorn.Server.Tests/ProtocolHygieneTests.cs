using System.Net;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

public class ProtocolHygieneTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Theory]
    [InlineData("query={ cars { make } }&query={ employees { email } }", "query")]
    [InlineData("query={ cars { make } }&operationName=A&operationName=B", "operationName")]
    [InlineData("query={ cars { make } }&variables={}&variables={}", "variables")]
    public async Task Get_RepeatedParameter_IsRefused(string parameters, string name)
    {
        string url = "/graphql?" + string.Join('&', parameters.Split('&').Select(p => p[..(p.IndexOf('=') + 1)] + Uri.EscapeDataString(p[(p.IndexOf('=') + 1)..])));

        using var response = await server.Client.GetAsync(url);

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldBe($"The '{name}' parameter is given more than once.");
        body["data"].ShouldBeNull();
    }

    [Theory]
    [InlineData("application/jsonx")]
    [InlineData("application/json; charset=utf-16")]
    [InlineData("text/plain")]
    [InlineData("application/json-seq")]
    public async Task Post_NotUtf8Json_Is415(string contentType)
    {
        using var content = new ByteArrayContent(Encoding.UTF8.GetBytes("""{"query":"{ cars { make } }"}"""));
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);

        using var response = await server.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.UnsupportedMediaType);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("application/json");
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/json; charset=utf-8")]
    [InlineData("Application/JSON; charset=UTF-8")]
    public async Task Post_Utf8Json_IsAccepted(string contentType)
    {
        using var content = new ByteArrayContent(Encoding.UTF8.GetBytes("""{"query":"{ car(id: 1) { make } }"}"""));
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);

        using var response = await server.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [Fact]
    public async Task Post_DuplicateQueryKey_IsRefusedRatherThanOneWinning()
    {
        using var content = new StringContent("""{"query":"{ car(id: 1) { make } }","query":"{ employees { email } }"}""", Encoding.UTF8, "application/json");

        using var response = await server.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith("The request body is not valid JSON");
        body["data"].ShouldBeNull();
    }

    [Fact]
    public async Task Put_Gateway_Is405WithGraphQLErrorsAndAllow()
    {
        using var response = await server.Client.PutAsync("/graphql", new StringContent("{}", Encoding.UTF8, "application/json"));

        response.StatusCode.ShouldBe(HttpStatusCode.MethodNotAllowed);
        response.Content.Headers.Allow.ShouldBe(["GET", "POST"], ignoreOrder: true);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("PUT");
    }

    [Theory]
    [InlineData("/api/nowhere", 404)]
    [InlineData("/api/employees/not-a-number", 404)]
    public async Task Get_FrameworkError_HasAProblemBody(string path, int status)
    {
        using var response = await server.Client.GetAsync(path);

        ((int)response.StatusCode).ShouldBe(status);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["status"]!.GetValue<int>().ShouldBe(status);
    }

    [Fact]
    public async Task Post_ErrorMessage_HasNoHtmlEscapes()
    {
        using var content = new StringContent("""{"query":"{ nope car(id: \"1) { make } }"}""", Encoding.UTF8, "application/json");
        using var unknown = new StringContent("""{"query":"{ nope }"}""", Encoding.UTF8, "application/json");

        using var syntaxResponse = await server.Client.PostAsync("/graphql", content);
        using var unknownResponse = await server.Client.PostAsync("/graphql", unknown);
        string syntaxBody = await syntaxResponse.Content.ReadAsStringAsync();
        string unknownBody = await unknownResponse.Content.ReadAsStringAsync();

        unknownBody.ShouldContain("""Cannot query field \"nope\" on type \"Query\".""");
        syntaxBody.ShouldContain("\"errors\"");
        (syntaxBody + unknownBody).ShouldNotContain("\\u00");
    }

    [Theory]
    [InlineData("""[{"query":"{ car(id: 1) { make } }"},{"query":"{ cars { id } }"}]""")]
    [InlineData("[]")]
    public async Task Post_BatchedArrayBody_IsRefusedWithTheReason(string body)
    {
        using var content = new StringContent(body, Encoding.UTF8, "application/json");

        using var response = await server.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var json = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        json["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith("Batched requests (a JSON array of operations) are not supported");
        json["data"].ShouldBeNull();
    }
}

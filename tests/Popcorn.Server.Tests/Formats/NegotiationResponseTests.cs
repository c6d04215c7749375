using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Formats;

/// <summary>Content negotiation on a real endpoint: JSON unless CSV or JSON Lines is named, and a 406 only when nothing fits.</summary>
public class NegotiationResponseTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Theory]
    [InlineData(null)]
    [InlineData("*/*")]
    [InlineData("application/*")]
    [InlineData("application/json")]
    [InlineData("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8")]
    public async Task Get_UsualAcceptHeaders_GetJson(string? accept)
    {
        var plain = await server.GetAsync("/api/employees", "[id,email]");
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", accept, "[id,email]");

        status.ShouldBe(200);
        contentType.ShouldBe("application/json; charset=utf-8");
        body.ShouldBe(plain.Body);
    }

    [Theory]
    [InlineData("text/html")]
    [InlineData("application/xml")]
    [InlineData("application/json;q=0")]
    public async Task Get_AcceptNamingNothingPopcornWrites_Is406ListingWhatItWrites(string accept)
    {
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", accept, "[id]");

        status.ShouldBe(406);
        contentType.ShouldStartWith("application/problem+json");
        var problem = JsonNode.Parse(body)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("NotAcceptable");
        problem["available"]!.AsArray().Select(n => n!.GetValue<string>()).ShouldBe(["application/json", "text/csv", "application/jsonl", "application/x-ndjson"]);
    }

    [Fact]
    public async Task Post_CsvRefusedForASelection_NeverRunsTheHandler()
    {
        int before = (await server.GetAsync("/api/cars")).Body.Split("\"id\"").Length;
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/cars?include=" + Uri.EscapeDataString("[id,owner[vehicles]]"))
        {
            Content = System.Net.Http.Json.JsonContent.Create(new { make = "Saab", model = "900" }),
        };
        request.Headers.TryAddWithoutValidation("Accept", "text/csv");

        using var response = await server.Client.SendAsync(request);

        ((int)response.StatusCode).ShouldBe(406);
        (await server.GetAsync("/api/cars")).Body.Split("\"id\"").Length.ShouldBe(before);
    }

    [Fact]
    public async Task Post_CreatedAsCsv_KeepsItsStatusAndLocation()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/cars?include=" + Uri.EscapeDataString("[make,model]"))
        {
            Content = System.Net.Http.Json.JsonContent.Create(new { make = "Saab", model = "9-3, \"Aero\"" }),
        };
        request.Headers.TryAddWithoutValidation("Accept", "text/csv");

        using var response = await server.Client.SendAsync(request);
        string body = await response.Content.ReadAsStringAsync();

        ((int)response.StatusCode).ShouldBe(201);
        response.Headers.Location.ShouldNotBeNull();
        var rows = FormatClient.ReadCsv(body);
        rows[0].ShouldBe(["id", "make", "model"]);
        rows[1][1..].ShouldBe(["Saab", "9-3, \"Aero\""]);
        body.ShouldContain("\"9-3, \"\"Aero\"\"\"");
    }
}

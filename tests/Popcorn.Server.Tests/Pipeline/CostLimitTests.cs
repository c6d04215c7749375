using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

/// <summary>The cost limit, checked before any handler or resolver runs (docs/errors.md, "Cost").</summary>
public class CostLimitTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    // Twenty copies of a department's whole graph under each of 10 assumed employees: far past the default 100,000.
    private static readonly string Amplified = "[" + string.Join(",", Enumerable.Range(1, 20).Select(i => $"d{i}:department[!full]")) + "]";

    [Fact]
    public async Task Rest_AmplifiedSelection_IsA400NamingTheCostAndTheLimit()
    {
        var (status, contentType, body) = await server.GetAsync("/api/employees", Amplified);

        (status, contentType).ShouldBe((400, "application/problem+json"));
        var problem = JsonNode.Parse(body)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("LimitExceeded");
        problem["detail"]!.GetValue<string>().ShouldMatch(@"^The selection's estimated cost is [\d,]+, over the limit of 100,000");
        (problem["line"]!.GetValue<int>(), problem["column"]!.GetValue<int>()).ShouldBe((1, 1));
    }

    [Fact]
    public async Task Rest_OrdinarySelections_OfEveryResource_AreWithinTheDefault()
    {
        foreach (string path in new[] { "/api/employees", "/api/departments", "/api/cars", "/api/employees/1", "/api/departments/1" })
        {
            (await server.GetAsync(path, "[!full]")).Status.ShouldBe(200, path);
            (await server.GetAsync(path, "[!all]")).Status.ShouldBe(200, path);
        }
    }

    [Fact]
    public async Task Rest_OverTheLimit_NeverRunsTheHandler()
    {
        int before = JsonNode.Parse((await server.GetAsync("/api/cars", "[id]")).Body)!.AsArray().Count;
        string costly = "[" + string.Join(",", Enumerable.Range(1, 60).Select(i => $"o{i}:owner[department[!full]]")) + "]";
        using var content = new StringContent("""{"make":"Saab","model":"900","year":1990,"color":"red"}""", System.Text.Encoding.UTF8, "application/json");

        using var response = await server.Client.PostAsync("/api/cars?include=" + Uri.EscapeDataString(costly), content);

        ((int)response.StatusCode).ShouldBe(400);
        JsonNode.Parse((await server.GetAsync("/api/cars", "[id]")).Body)!.AsArray().Count.ShouldBe(before);
    }

    [Theory]
    [InlineData("[make]", 200)] // 10 assumed cars of id and make: 20
    [InlineData("[make,model,year,color]", 200)] // 10 cars of 5 keys: 50, the limit itself
    [InlineData("[make,model,year,color,licensePlate]", 400)] // 60
    [InlineData("[owner[firstName,lastName,email]]", 400)] // 10 cars of id, owner, and an owner of 4 keys: 60
    [InlineData("(first: 5)[make,model,year,color,licensePlate]", 200)] // at most 5 cars: 30
    public async Task Rest_EndpointLimit_ReplacesTheDefault(string include, int expected)
    {
        var (status, _, body) = await server.GetAsync("/api/limited/cars", include);

        status.ShouldBe(expected, body);
        if (expected == 400)
        {
            body.ShouldContain("over the limit of 50:");
        }
    }

    [Fact]
    public async Task Gateway_RootFieldsTogether_AreCountedAgainstOneLimit()
    {
        string query = "{ " + string.Join(" ", Enumerable.Range(1, 30).Select(i => $"e{i}: employees {{ __full }}")) + " }";

        var (status, _, body) = await server.PostGraphQLAsync(query);
        var (oneStatus, _, _) = await server.PostGraphQLAsync("{ employees { __full } departments { __full } cars { __full } }");

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        var error = body["errors"]![0]!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("COST_LIMIT_EXCEEDED");
        error["message"]!.GetValue<string>().ShouldContain("over the limit of 100,000");
        oneStatus.ShouldBe(200);
    }

    [Fact]
    public async Task Normalize_WithAType_ReportsTheCostAndTheLimit()
    {
        var (status, _, body) = await server.GetAsync("/popcorn/normalize?type=Employee&query=" + Uri.EscapeDataString("[vehicles[make]]"));

        status.ShouldBe(200);
        var result = JsonNode.Parse(body)!;
        result["maxCost"]!.GetValue<int>().ShouldBe(100_000);
        result["cost"]!.GetValue<long>().ShouldBe(22); // id, vehicles, and 10 assumed cars of id and make
    }
}

using System.Net;
using System.Text;
using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

public class PlaygroundSmokeTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Theory]
    [InlineData("/api/employees", 16)]
    [InlineData("/api/departments", 4)]
    [InlineData("/api/cars", 12)]
    public async Task SampleResources_ServeTheEmbeddedData(string path, int count)
    {
        var items = JsonNode.Parse(await playground.Client.GetStringAsync(path))!.AsArray();

        items.Count.ShouldBe(count);
        items.Select(i => i!["id"]!.GetValue<int>()).ShouldBe(Enumerable.Range(1, count));
    }

    [Fact]
    public async Task README_FirstRequest_AnswersInBothSyntaxes()
    {
        string include = await playground.Client.GetStringAsync("/api/employees/1?include=" + Uri.EscapeDataString("[firstName,manager[firstName]]"));
        string graphQL = await playground.Client.GetStringAsync("/api/employees/1?include=" + Uri.EscapeDataString("{ firstName manager { firstName } }"));

        graphQL.ShouldBe(include);
        JsonNode.Parse(include)!.AsObject().Select(p => p.Key).ShouldBe(["id", "firstName", "manager"]);
    }

    [Fact]
    public async Task Store_ServesOrdersFromSQLite_WithSelection()
    {
        var orders = JsonNode.Parse(await playground.Client.GetStringAsync("/api/store/orders?include=" + Uri.EscapeDataString("[id,customer[name]]")))!.AsArray();

        orders.Count.ShouldBeGreaterThan(0);
        orders[0]!.AsObject().Select(p => p.Key).ShouldBe(["id", "customer"]);
        orders[0]!["customer"]!.AsObject().Select(p => p.Key).ShouldContain("name");
    }

    [Fact]
    public async Task Gateway_FetchesSampleAndStoreInOneRequest()
    {
        using var content = new StringContent("""{"query":"{ employee(id: 2) { firstName } products { name } }"}""", Encoding.UTF8, "application/json");
        using var response = await playground.Client.PostAsync("/graphql", content);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var data = JsonNode.Parse(await response.Content.ReadAsStringAsync())!["data"]!;
        data["employee"]!["firstName"]!.GetValue<string>().ShouldNotBeNullOrEmpty();
        data["products"]!.AsArray().Count.ShouldBeGreaterThan(0);
    }

    [Fact]
    public async Task Schema_DescribesBothContexts()
    {
        var schema = JsonNode.Parse(await playground.Client.GetStringAsync("/popcorn/schema"))!;

        var types = schema["types"]!.AsArray().Select(t => t!["name"]!.GetValue<string>()).ToArray();
        types.ShouldContain("Employee");
        types.ShouldContain("Order");
        schema.ToJsonString().ShouldNotContain("socialSecurityNumber");
    }

    [Fact]
    public async Task UI_IsServedWithItsAssets()
    {
        string index = await playground.Client.GetStringAsync("/");

        index.ShouldContain("<html");
        string script = System.Text.RegularExpressions.Regex.Match(index, "src=\"([^\"]+\\.js)\"").Groups[1].Value;
        script.ShouldNotBeEmpty();
        using var asset = await playground.Client.GetAsync(script);
        asset.StatusCode.ShouldBe(HttpStatusCode.OK);
    }
}

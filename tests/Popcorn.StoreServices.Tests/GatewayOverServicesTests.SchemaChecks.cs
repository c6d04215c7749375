using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>A gateway process that reads its services' schemas again (<c>SchemaCheckInterval</c>) while one is killed and restarted.</summary>
public sealed partial class GatewayOverServicesTests
{
    [Fact]
    public async Task ServiceKilledWhenItsSchemaIsReadAgain_IsReportedAndLogged_AndTheGatewayKeepsAnsweringWithTheSchemaItHas()
    {
        await using var gateway = await services.StartGatewayAsync(
            "--Popcorn:Upstreams:customers:SchemaCheckInterval=00:00:00.200",
            "--Popcorn:Upstreams:customers:MaxRetries=0");
        using var client = new HttpClient { BaseAddress = gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
        (await UntilCustomersStatusAsync(client, s => s["unreachable"] is null))["changes"]!.AsArray().ShouldBeEmpty();

        await services.RestartCustomersAsync(whileDown: async () =>
        {
            var down = await UntilCustomersStatusAsync(client, s => s["unreachable"] is not null);

            down["breaking"]!.GetValue<bool>().ShouldBeFalse();
            gateway.Output.ShouldContain("Upstream 'customers': its schema could not be read again");
            var (status, body) = await PostAsync(client, "{ orders(first: 1) { id } customers(first: 1) { name } }");
            status.ShouldBe(200, body.ToJsonString());
            body["data"]!["orders"]![0]!["id"]!.GetValue<int>().ShouldBe(1);
            body["errors"]!.AsArray().ShouldHaveSingleItem()!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        });

        var back = await UntilCustomersStatusAsync(client, s => s["unreachable"] is null);
        back["changes"]!.AsArray().ShouldBeEmpty(); // the same build came back: nothing to report
    }

    /// <summary>The customers entry of the gateway's /popcorn/schema once it has been checked and <paramref name="seen"/> holds (at most a minute).</summary>
    private static async Task<JsonNode> UntilCustomersStatusAsync(HttpClient gateway, Func<JsonNode, bool> seen)
    {
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (true)
        {
            var schema = JsonNode.Parse(await gateway.GetStringAsync("/popcorn/schema", limit.Token))!;
            var status = schema["upstreams"]!.AsArray().Single(s => (string?)s!["service"] == "customers")!;
            if (status["checkedAt"] is not null && seen(status))
            {
                return status;
            }

            await Task.Delay(100, limit.Token);
        }
    }

    private static async Task<(int Status, JsonNode Body)> PostAsync(HttpClient gateway, string query)
    {
        var payload = new JsonObject { ["query"] = query };
        using var response = await gateway.PostAsync("/graphql", new StringContent(payload.ToJsonString(), System.Text.Encoding.UTF8, "application/json"));
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }
}

using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// A gateway process that reads its services' descriptions again (<c>SchemaCheckInterval</c>: a Popcorn service's schema,
/// the plain shipping service's generated OpenAPI document) while one is killed and restarted.
/// </summary>
public sealed partial class GatewayOverServicesTests
{
    [Fact]
    public async Task ServiceKilledWhenItsSchemaIsReadAgain_IsReportedAndLogged_AndTheGatewayKeepsAnsweringWithTheSchemaItHas()
    {
        await using var gateway = await services.StartGatewayAsync(
            "--Popcorn:Upstreams:customers:SchemaCheckInterval=00:00:00.200",
            "--Popcorn:Upstreams:customers:MaxRetries=0");
        using var client = new HttpClient { BaseAddress = gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
        (await UntilStatusAsync(client, "customers", s => s["unreachable"] is null))["changes"]!.AsArray().ShouldBeEmpty();

        await services.RestartCustomersAsync(whileDown: async () =>
        {
            var down = await UntilStatusAsync(client, "customers", s => s["unreachable"] is not null);

            down["breaking"]!.GetValue<bool>().ShouldBeFalse();
            gateway.Output.ShouldContain("Upstream 'customers': its schema could not be read again");
            var (status, body) = await PostAsync(client, "{ orders(first: 1) { id } customers(first: 1) { name } }");
            status.ShouldBe(200, body.ToJsonString());
            body["data"]!["orders"]![0]!["id"]!.GetValue<int>().ShouldBe(1);
            body["errors"]!.AsArray().ShouldHaveSingleItem()!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        });

        var back = await UntilStatusAsync(client, "customers", s => s["unreachable"] is null);
        back["changes"]!.AsArray().ShouldBeEmpty(); // the same build came back: nothing to report
    }

    [Fact]
    public async Task PlainServiceKilledWhenItsDocumentIsReadAgain_IsReported_AndItsRegeneratedDocumentPublishesNothing()
    {
        await using var gateway = await services.StartGatewayAsync(
            "--Popcorn:Upstreams:shipping:SchemaCheckInterval=00:00:00.200",
            "--Popcorn:Upstreams:shipping:MaxRetries=0");
        using var client = new HttpClient { BaseAddress = gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
        var served = await UntilStatusAsync(client, "shipping", s => s["unreachable"] is null);
        served["changes"]!.AsArray().ShouldBeEmpty();

        await services.RestartShippingAsync(whileDown: async () =>
        {
            await UntilStatusAsync(client, "shipping", s => s["unreachable"] is not null);

            gateway.Output.ShouldContain("Upstream 'shipping': its OpenAPI document could not be read again");
            var (status, body) = await PostAsync(client, "{ orders(first: 1) { id } shipments(first: 1) { id } }");
            status.ShouldBe(200, body.ToJsonString());
            body["data"]!["orders"]![0]!["id"]!.GetValue<int>().ShouldBe(1);
            body["errors"]!.AsArray().ShouldHaveSingleItem()!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        });

        // The restarted process generates its document again: the same description, so nothing is published.
        var back = await UntilStatusAsync(client, "shipping", s => s["unreachable"] is null);
        back["changes"]!.AsArray().ShouldBeEmpty();
        ((string?)back["servedSince"]).ShouldBe((string?)served["servedSince"]);
        gateway.Output.ShouldNotContain("its OpenAPI document changed");
    }

    /// <summary>The service's entry in the gateway's /popcorn/schema once it has been checked and <paramref name="seen"/> holds (at most a minute).</summary>
    private static async Task<JsonNode> UntilStatusAsync(HttpClient gateway, string service, Func<JsonNode, bool> seen)
    {
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (true)
        {
            var schema = JsonNode.Parse(await gateway.GetStringAsync("/popcorn/schema", limit.Token))!;
            var status = schema["upstreams"]!.AsArray().Single(s => (string?)s!["service"] == service)!;
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

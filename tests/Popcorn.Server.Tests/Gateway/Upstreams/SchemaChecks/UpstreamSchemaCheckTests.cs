using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>
/// A gateway that reads its service's schema again (<c>SchemaCheckInterval</c>) while the service is changed or stopped
/// under it, every app on real Kestrel.
/// </summary>
public sealed class UpstreamSchemaCheckTests
{
    [Fact]
    public async Task FieldRemovedFromTheServicesSchema_IsLoggedAndReportedAsBreaking_WhileTheGatewayKeepsItsSchema()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, "Popcorn.Server.UpstreamSchemaWatch");

        service.ChangeSchema(schema =>
        {
            var fields = ChangingSchemaService.FieldsOf(schema, "Car");
            fields.Remove(fields.Single(f => (string?)f!["name"] == "make"));
        });
        var status = await WaitForCheckAsync(gateway, s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeTrue();
        status["changes"]!.AsArray().Select(c => ((bool)c!["breaking"]!, (string?)c["change"])).ShouldBe([(true, "Car.make removed")]);
        var warning = logs.Entries.Single(e => e.EventId == 63);
        warning.Level.ShouldBe(LogLevel.Warning);
        warning.Message.ShouldContain("Upstream 'hr': its schema changed in 1 breaking ways");
        warning.Message.ShouldContain("Car.make removed");
        (await PostAsync(gateway, "{ car(id: 1) { make } }")).Body!["data"]!["car"]!["make"].ShouldNotBeNull();
    }

    [Fact]
    public async Task FieldAddedToTheServicesSchema_IsReportedAsNotBreaking()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);

        service.ChangeSchema(schema =>
        {
            var fields = ChangingSchemaService.FieldsOf(schema, "Car");
            var colour = fields.Single(f => (string?)f!["name"] == "make")!.DeepClone();
            colour["name"] = "colour";
            fields.Add(colour);
        });
        var status = await WaitForCheckAsync(gateway, s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeFalse();
        ((string?)status["changes"]![0]!["change"]).ShouldStartWith("Car.colour added");
    }

    [Fact]
    public async Task ServiceDownWhenItsSchemaIsReadAgain_IsReported_AndTheGatewayKeepsAnsweringWithTheSchemaItHas()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, "Popcorn.Server.UpstreamSchemaWatch");

        await service.StopAsync();
        var status = await WaitForCheckAsync(gateway, s => s["unreachable"] is not null);

        status["changes"]!.AsArray().ShouldBeEmpty();
        logs.Entries.Where(e => e.EventId == 65).ShouldHaveSingleItem().Message.ShouldContain("the gateway keeps serving the schema it read");
        var (_, body) = await PostAsync(gateway, "{ note { text } car(id: 1) { make } }");
        body!["data"]!["note"]!["text"].ShouldNotBeNull();
        ((string?)body["errors"]![0]!["extensions"]!["code"]).ShouldBe("SOURCE_UNAVAILABLE"); // the field is known, its service is down
    }

    [Fact]
    public async Task NonPositiveSchemaCheckInterval_StopsTheAppNamingTheOption()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var app = UpstreamGatewayServer.BuildGateway($"--Popcorn:Upstreams:hr:BaseAddress={service.BaseAddress}", "--Popcorn:Upstreams:hr:SchemaCheckInterval=00:00:00");

        var e = await Should.ThrowAsync<Exception>(() => app.StartAsync());

        e.Message.ShouldContain("Popcorn:Upstreams:hr:SchemaCheckInterval must be positive");
    }

    private static async Task<WebApplication> StartGatewayAsync(ChangingSchemaService service)
    {
        var app = UpstreamGatewayServer.BuildGateway(
            $"--Popcorn:Upstreams:hr:BaseAddress={service.BaseAddress}",
            "--Popcorn:Upstreams:hr:SchemaCheckInterval=00:00:00.100",
            "--Popcorn:Upstreams:hr:MaxRetries=0");
        app.MapPopcornSchema();
        await app.StartAsync();
        return app;
    }

    private static async Task<(int Status, JsonNode? Body)> PostAsync(WebApplication gateway, string query)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        return await UpstreamGatewayServer.PostAsync(client, query);
    }

    /// <summary>The service's entry in the gateway's <c>/popcorn/schema</c> once <paramref name="seen"/> holds (bounded: a minute).</summary>
    private static async Task<JsonNode> WaitForCheckAsync(WebApplication gateway, Func<JsonNode, bool> seen)
    {
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        using var limit = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (true)
        {
            var schema = JsonNode.Parse(await client.GetStringAsync("/popcorn/schema", limit.Token))!;
            var status = schema["upstreams"]!.AsArray().Single(s => (string?)s!["service"] == "hr")!;
            if (status["checkedAt"] is not null && seen(status))
            {
                return status;
            }

            await Task.Delay(50, limit.Token);
        }
    }
}

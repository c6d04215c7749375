using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Logging;
using static Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks.SchemaCheckGateway;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>
/// A gateway that reads its service's schema again (<c>SchemaCheckInterval</c>) while the service is changed or stopped
/// under it, every app on real Kestrel: a changed schema is served without a restart, one that cannot be served is
/// refused and the last good one stays.
/// </summary>
public sealed class UpstreamSchemaCheckTests
{
    private const string WatchLog = "Popcorn.Server.UpstreamSchemaWatch";

    [Fact]
    public async Task FieldRemovedFromTheServicesSchema_IsServedWithoutARestart_RefusedByValidation_AndReportedAsBreaking()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, WatchLog);
        (await PostAsync(gateway, "{ car(id: 1) { make } }")).Body!["data"]!["car"]!["make"].ShouldNotBeNull();

        service.ChangeSchema(schema => ChangingSchemaService.RemoveField(schema, "Car", "make"));
        var status = await WaitForCheckAsync(gateway, "hr", s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeTrue();
        status["refused"].ShouldBeNull();
        status["changes"]!.AsArray().Select(c => ((bool)c!["breaking"]!, (string?)c["change"])).ShouldBe([(true, "Car.make removed")]);
        var warning = logs.Entries.Single(e => e.EventId == 63);
        warning.Level.ShouldBe(LogLevel.Warning);
        warning.Message.ShouldContain("Upstream 'hr': its schema changed in 1 breaking ways, and the gateway now serves the new schema");
        warning.Message.ShouldContain("Car.make removed");

        // Refused by the gateway's validation, with no call to the service, as a field it never had would be.
        var (_, body) = await PostAsync(gateway, "{ car(id: 1) { make model } }");
        body!["data"].ShouldBeNull();
        ((string)body["errors"]![0]!["message"]!).ShouldContain("Cannot query field \"make\" on type \"Car\"");
        (await PostAsync(gateway, "{ car(id: 1) { model } }")).Body!["data"]!["car"]!["model"].ShouldNotBeNull();
        string sdl = await GetAsync(gateway, "/graphql/schema.graphql");
        TypeBlock(sdl, "Car").ShouldNotContain("make");
        TypeBlock(sdl, "Car").ShouldContain("model");
    }

    [Fact]
    public async Task FieldAddedToTheServicesSchema_IsQueryableWithoutARestart_InSdlAndIntrospection()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        service.ChangeSchema(schema => ChangingSchemaService.RemoveField(schema, "Car", "make")); // an older version of the service
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, WatchLog);
        (await PostAsync(gateway, "{ car(id: 1) { make } }")).Body!["errors"].ShouldNotBeNull();

        service.RestoreSchema(); // redeployed with Car.make
        var status = await WaitForCheckAsync(gateway, "hr", s => s["changes"]!.AsArray().Count > 0);

        status["breaking"]!.GetValue<bool>().ShouldBeFalse();
        ((string?)status["changes"]![0]!["change"]).ShouldStartWith("Car.make added");
        logs.Entries.Single(e => e.EventId == 64).Message.ShouldContain("the gateway now serves the new schema: Car.make added");
        var (code, body) = await PostAsync(gateway, "{ car(id: 1) { make } }");
        code.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        ((string?)body["data"]!["car"]!["make"]).ShouldNotBeNullOrEmpty();
        TypeBlock(await GetAsync(gateway, "/graphql/schema.graphql"), "Car").ShouldContain("make: String!");
        var introspected = (await PostAsync(gateway, "{ __type(name: \"Car\") { fields { name } } }")).Body!;
        introspected["data"]!["__type"]!["fields"]!.AsArray().Select(f => (string?)f!["name"]).ShouldContain("make");
    }

    [Fact]
    public async Task ChangedSchemaThatClashesWithTheGatewaysOwnNames_IsRefused_AndTheLastGoodSchemaStaysServed()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, WatchLog);

        service.ChangeSchema(schema =>
        {
            // The service adds a root field named like the gateway's own 'note', and drops Car.make.
            var rootFields = schema["rootFields"]!.AsArray();
            var note = rootFields.First(f => (string?)f!["name"] == "car")!.DeepClone();
            note["name"] = "note";
            rootFields.Add(note);
            ChangingSchemaService.RemoveField(schema, "Car", "make");
        });
        var status = await WaitForCheckAsync(gateway, "hr", s => s["refused"] is not null);

        ((string)status["refused"]!).ShouldContain("Upstream 'hr' has a root field 'note', and the gateway already has one of that name");
        status["changes"]!.AsArray().Select(c => (string?)c!["change"]).ShouldContain("Car.make removed");
        var error = logs.Entries.Single(e => e.EventId == 66);
        error.Level.ShouldBe(LogLevel.Error);
        error.Message.ShouldContain("keeps serving the schema it had");
        var (_, body) = await PostAsync(gateway, "{ note { text } car(id: 1) { make } }");
        body!["errors"].ShouldBeNull();
        ((string?)body["data"]!["note"]!["text"]).ShouldBe("answered by the gateway itself");
        body["data"]!["car"]!["make"].ShouldNotBeNull();

        service.RestoreSchema();
        status = await WaitForCheckAsync(gateway, "hr", s => s["refused"] is null);
        status["changes"]!.AsArray().ShouldBeEmpty(); // the schema served never changed
        logs.Entries.Count(e => e.EventId == 66).ShouldBe(1); // once per refusal, not once per check
    }

    [Fact]
    public async Task CachedRestResponsesOfTheService_AreEvictedWhenItsNewSchemaIsServed()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartCachingGatewayAsync([
            $"--Popcorn:Upstreams:hr:BaseAddress={service.BaseAddress}",
            "--Popcorn:Upstreams:hr:SchemaCheckInterval=00:00:00.100",
            "--Popcorn:Upstreams:hr:MaxRetries=0",
        ], "hr", "/api/cars", "cars");
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        (await client.GetAsync("/api/cars?include=[make]")).Headers.Age.ShouldBeNull();
        (await client.GetAsync("/api/cars?include=[make]")).Headers.Age.ShouldNotBeNull(); // from the cache

        service.ChangeSchema(schema => ChangingSchemaService.RemoveField(schema, "Car", "year"));
        await WaitForCheckAsync(gateway, "hr", s => s["changes"]!.AsArray().Count > 0);

        using var after = await client.GetAsync("/api/cars?include=[make]");
        after.StatusCode.ShouldBe(System.Net.HttpStatusCode.OK);
        after.Headers.Age.ShouldBeNull(); // answered by the service again, not by the old schema's entry
    }

    [Fact]
    public async Task RequestsWhileTheSchemaFlipsBackAndForth_AreEachAnsweredByOneSchema_NeverA5xx()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var client = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(4));
        var flipping = Task.Run(async () =>
        {
            for (int i = 0; !stop.IsCancellationRequested; i++)
            {
                if (i % 2 == 0)
                {
                    service.ChangeSchema(schema => ChangingSchemaService.RemoveField(schema, "Car", "make"));
                }
                else
                {
                    service.RestoreSchema();
                }

                await Task.Delay(150);
            }
        });
        var answers = new List<(int Status, JsonNode? Body)>();
        while (!stop.IsCancellationRequested)
        {
            var batch = Enumerable.Range(0, 8).Select(i => UpstreamGatewayServer.PostAsync(client, $"{{ car(id: {1 + (i % 3)}) {{ make model }} }}"));
            answers.AddRange(await Task.WhenAll(batch));
        }

        await flipping;

        answers.Count.ShouldBeGreaterThan(50);
        answers.ShouldAllBe(a => a.Status < 500);
        int served = answers.Count(a => a.Body!["errors"] == null && a.Body["data"]!["car"]!["make"] != null);
        int refused = answers.Count(a => a.Body!["data"] == null && ((string?)a.Body["errors"]![0]!["message"])!.Contains("Cannot query field \"make\""));
        (served + refused).ShouldBe(answers.Count); // nothing else: no half-served answer, no error from the service
        served.ShouldBeGreaterThan(0);
        refused.ShouldBeGreaterThan(0);
    }

    [Fact]
    public async Task ServiceDownWhenItsSchemaIsReadAgain_IsReported_AndTheGatewayKeepsAnsweringWithTheSchemaItHas()
    {
        await using var service = await ChangingSchemaService.StartAsync();
        await using var gateway = await StartGatewayAsync(service);
        using var logs = LogCapture.Attach(gateway.Services, WatchLog);

        await service.StopAsync();
        var status = await WaitForCheckAsync(gateway, "hr", s => s["unreachable"] is not null);

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
}

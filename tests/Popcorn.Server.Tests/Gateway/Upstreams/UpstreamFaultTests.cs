namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// An upstream that fails gives its own field a <c>SOURCE_UNAVAILABLE</c> error with its path and a null, never a 500
/// or a hang; the other root fields of the request are answered.
/// </summary>
public sealed class UpstreamFaultTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    [Theory]
    [InlineData(UpstreamFault.ServerError, "answered 503")]
    [InlineData(UpstreamFault.MalformedJson, "malformed JSON")]
    [InlineData(UpstreamFault.Oversized, "more than 50000 bytes")]
    [InlineData(UpstreamFault.BreaksSchema, "breaks its schema at 'faultyEmployees[1].firstName': expected a string")]
    [InlineData(UpstreamFault.Hangs, "is unavailable")]
    public async Task FailingUpstream_IsItsFieldsSourceUnavailableError_AndTheOtherFieldsAreAnswered(UpstreamFault fault, string reason)
    {
        server.Faulty.Fault = fault;
        try
        {
            var (status, body) = await server.PostAsync("{ note { id } faultyEmployees { firstName } cars { make } }");

            status.ShouldBe(200);
            var data = body!["data"]!;
            data["faultyEmployees"].ShouldBeNull();
            data["note"]!["id"]!.GetValue<int>().ShouldBe(1);
            data["cars"]!.AsArray().Count.ShouldBeGreaterThan(0);
            var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            error["path"]!.AsArray().Select(p => p!.GetValue<string>()).ShouldBe(["faultyEmployees"]);
            error["message"]!.GetValue<string>().ShouldContain(reason);
        }
        finally
        {
            server.Faulty.Fault = UpstreamFault.None;
        }
    }

    [Fact]
    public async Task UpstreamDownFor5Requests_LogsOneWarning_ThenOneLineWithTheCountWhenItIsBack()
    {
        (await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }")).Body!["errors"].ShouldBeNull();
        using var logs = LogCapture.Attach(server.GatewayServices, "Popcorn.Server.UpstreamClient");
        server.Faulty.Fault = UpstreamFault.ServerError;
        try
        {
            for (int i = 0; i < 5; i++)
            {
                (await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }")).Body!["errors"].ShouldNotBeNull();
            }
        }
        finally
        {
            server.Faulty.Fault = UpstreamFault.None;
        }

        (await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }")).Body!["errors"].ShouldBeNull();

        var lines = logs.Entries.Where(e => e.Level >= Microsoft.Extensions.Logging.LogLevel.Warning).ToList();
        lines.Select(e => e.EventId).ShouldBe([20, 21]);
        lines[0].Message.ShouldStartWith("Upstream 'faulty' unavailable since");
        lines[1].Message.ShouldContain("and 5 requests went without it meanwhile.");
    }

    [Fact]
    public async Task HealthyFaultyUpstream_AnswersThroughItsPrefixedNames()
    {
        var (status, body) = await server.PostAsync("{ faultyEmployee(id: 1) { firstName } }");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        body["data"]!["faultyEmployee"]!["firstName"].ShouldNotBeNull();
    }

    [Fact]
    public async Task ClientThatLeaves_CancelsTheUpstreamCall()
    {
        var patient = server.Patient;
        int before = patient.Queries.Count;
        using var leaving = new CancellationTokenSource();
        var request = UpstreamGatewayServer.PostAsync(server.Gateway, "{ patientCars { make } }", cancellationToken: leaving.Token);
        while (patient.Queries.Count == before)
        {
            await Task.Delay(10);
        }

        await leaving.CancelAsync();
        await Should.ThrowAsync<OperationCanceledException>(request);

        // The gateway waits 10 minutes for this service, so only the client's leaving can have ended the call.
        await patient.Cancelled.Task.WaitAsync(TimeSpan.FromMinutes(2));
    }
}

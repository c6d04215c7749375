namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// A service's scalar must be a value of the type its schema declares, not only JSON of the right kind: a fraction or an
/// out-of-range number for an <c>int</c>, a string that is no date for a <c>DateOnly</c> or a <c>DateTimeOffset</c>, is
/// the field's <c>SOURCE_UNAVAILABLE</c> error naming the value's path and what was expected, never passed on to the
/// client as if it were one.
/// </summary>
public sealed class UpstreamScalarTypeTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    private const string Query = "{ faultyEmployees { id birthday hired_at salary } }";

    [Theory]
    [InlineData("\"id\":1.5", "faultyEmployees[1].id': expected a 32-bit integer")]
    [InlineData("\"id\":2147483648", "faultyEmployees[1].id': expected a 32-bit integer")]
    [InlineData("\"id\":1e3", "faultyEmployees[1].id': expected a 32-bit integer")]
    [InlineData("\"birthday\":\"1990-02-30\"", "faultyEmployees[1].birthday': expected a date, YYYY-MM-DD")]
    [InlineData("\"birthday\":\"1990-01-02T00:00:00\"", "faultyEmployees[1].birthday': expected a date, YYYY-MM-DD")]
    [InlineData("\"hired_at\":\"yesterday\"", "faultyEmployees[1].hired_at': expected an ISO 8601 date and time")]
    [InlineData("\"salary\":\"1000\"", "faultyEmployees[1].salary': expected a number in a decimal's range")]
    public async Task ValueOfAnotherType_IsTheFieldsError_WithItsPath(string broken, string reason)
    {
        string good = "\"id\":1,\"birthday\":\"1990-01-02\",\"hired_at\":\"2020-03-04T05:06:07+00:00\",\"salary\":1000.50";
        var fields = good.Split(',').ToDictionary(f => f[..f.IndexOf(':')]);
        fields[broken[..broken.IndexOf(':')]] = broken;
        var (status, body) = await AnswerAsync($"{{\"data\":{{\"employees\":[{{{good}}},{{{string.Join(",", fields.Values)}}}]}}}}");

        status.ShouldBe(200);
        body!["data"]!["faultyEmployees"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["message"]!.GetValue<string>().ShouldContain("breaks its schema at '" + reason);
    }

    [Fact]
    public async Task ValuesOfTheirTypes_AreCopiedAsTheServiceWroteThem()
    {
        var (status, body) = await AnswerAsync(
            "{\"data\":{\"employees\":[{\"id\":-2147483648,\"birthday\":\"1990-01-02\",\"hired_at\":\"2020-03-04T05:06:07.123+02:00\",\"salary\":1E+3},"
            + "{\"id\":2147483647,\"birthday\":\"2000-12-31\",\"hired_at\":\"2020-03-04T05:06:07Z\",\"salary\":null}]}}");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull(body.ToJsonString());
        var employees = body["data"]!["faultyEmployees"]!.AsArray();
        employees.Select(e => e!["id"]!.ToJsonString()).ShouldBe(["-2147483648", "2147483647"]);
        employees.Select(e => e!["birthday"]!.GetValue<string>()).ShouldBe(["1990-01-02", "2000-12-31"]);
        employees.Select(e => e!["hired_at"]!.GetValue<string>()).ShouldBe(["2020-03-04T05:06:07.123+02:00", "2020-03-04T05:06:07Z"]);
        employees[0]!["salary"]!.ToJsonString().ShouldBe("1E+3");
        employees[1]!["salary"].ShouldBeNull();
    }

    private async Task<(int Status, System.Text.Json.Nodes.JsonNode? Body)> AnswerAsync(string answer)
    {
        server.Faulty.Answer = answer;
        server.Faulty.Fault = UpstreamFault.Answer;
        try
        {
            return await server.PostAsync(Query);
        }
        finally
        {
            server.Faulty.Fault = UpstreamFault.None;
        }
    }
}

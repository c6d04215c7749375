using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// A list whose elements a Popcorn service types non-null (<c>[String!]</c> at its own <c>/graphql</c>) is typed so
/// through the gateway too, from the service's <c>/popcorn/schema</c> (<c>elementsNonNull</c>), and a null element the
/// service sends anyway breaks that promise: the field's error, not a null passed on.
/// </summary>
public sealed class UpstreamListElementTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    [Fact]
    public async Task ServicesSchema_SaysWhichListsHaveNonNullElements()
    {
        var schema = JsonNode.Parse(await server.Service.GetStringAsync("/popcorn/schema"))!;
        var employee = schema["types"]!.AsArray().Single(t => (string?)t!["name"] == "Employee")!["fields"]!.AsArray();

        employee.Single(f => (string?)f!["name"] == "skills")!["elementsNonNull"]!.GetValue<bool>().ShouldBeTrue();
        employee.Single(f => (string?)f!["name"] == "firstName")!["elementsNonNull"].ShouldBeNull(); // not a list
    }

    [Fact]
    public async Task GatewaysSdl_TypesAServicesListElements_AsTheServicesOwnSdlDoes()
    {
        string service = await server.Service.GetStringAsync("/graphql/schema.graphql");
        string gateway = await server.Gateway.GetStringAsync("/graphql/schema.graphql");

        string skills = FieldLine(service, "Employee", "skills");
        skills.ShouldContain("[String!]");
        FieldLine(gateway, "Employee", "skills").ShouldBe(skills);
        FieldLine(gateway, "Employee", "vehicles").ShouldBe(FieldLine(service, "Employee", "vehicles")); // a cyclic model's list stays nullable
    }

    [Theory]
    [InlineData(UpstreamFault.NullElement, "'faultyEmployees[0].skills[1]'")]
    [InlineData(UpstreamFault.NullRootElement, "'faultyEmployees[1]'")] // the root list is [FaultyEmployee!]! in every schema
    public async Task NullElementTheServiceSends_IsTheFieldsSourceUnavailableError_NamingWhere(UpstreamFault fault, string where)
    {
        server.Faulty.Fault = fault;
        try
        {
            var (status, body) = await server.PostAsync("{ note { id } faultyEmployees { firstName skills } }");

            status.ShouldBe(200);
            body!["data"]!["faultyEmployees"].ShouldBeNull();
            body["data"]!["note"]!["id"]!.GetValue<int>().ShouldBe(1);
            var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            ((string)error["message"]!).ShouldEndWith($"breaks its schema at {where}: expected a value (it is not nullable).");
        }
        finally
        {
            server.Faulty.Fault = UpstreamFault.None;
        }
    }

    /// <summary>The line of <paramref name="field"/> in <paramref name="type"/>'s definition in <paramref name="sdl"/>, trimmed.</summary>
    private static string FieldLine(string sdl, string type, string field)
    {
        int start = sdl.IndexOf($"type {type} ", StringComparison.Ordinal);
        start.ShouldBeGreaterThanOrEqualTo(0, $"no type {type}");
        string block = sdl[start..sdl.IndexOf('}', start)];
        return block.Split('\n').Select(l => l.Trim()).Single(l => l.StartsWith(field + ":", StringComparison.Ordinal) || l.StartsWith(field + "(", StringComparison.Ordinal));
    }
}

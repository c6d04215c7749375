using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

public class SchemaEndpointTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Schema_DescribesEveryModel_InDeclarationOrder_WithoutNeverFields_EachListFollowedByItsAggregate()
    {
        var (status, _, body) = await server.GetAsync("/popcorn/schema");

        status.ShouldBe(200);
        var schema = JsonNode.Parse(body)!;
        var employee = schema["types"]!.AsArray().Single(t => t!["name"]!.GetValue<string>() == "Employee")!;
        employee["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ShouldBe(
            ["id", "firstName", "lastName", "email", "birthday", "employmentType", "salary", "manager", "department", "vehicles", "vehiclesAggregate", "skills", "links", "hired_at"]);
        employee["description"]!.GetValue<string>().ShouldBe("A person on the payroll.");
        var id = employee["fields"]![0]!;
        (id["isAlways"]!.GetValue<bool>(), id["isDefault"]!.GetValue<bool>()).ShouldBe((true, true));
        var vehicles = employee["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "vehicles")!;
        (vehicles["kind"]!.GetValue<string>(), vehicles["elementType"]!.GetValue<string>()).ShouldBe(("list", "Car"));
        body.ShouldNotContain("socialSecurityNumber");
    }

    [Fact]
    public async Task Schema_DescribesAnAggregate_AsAnObjectOfItsOwnType_ThatNamesItsList()
    {
        var schema = JsonNode.Parse((await server.GetAsync("/popcorn/schema")).Body)!;
        var types = schema["types"]!.AsArray();
        var employee = types.Single(t => t!["name"]!.GetValue<string>() == "Employee")!;

        var aggregate = employee["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "vehiclesAggregate")!;

        (aggregate["kind"]!.GetValue<string>(), aggregate["elementType"]!.GetValue<string>(), aggregate["aggregates"]!.GetValue<string>()).ShouldBe(("object", "CarAggregate", "vehicles"));
        aggregate["arguments"]!.AsArray().Select(a => a!.GetValue<string>()).ShouldBe(["where"]);
        var carAggregate = types.Single(t => t!["name"]!.GetValue<string>() == "CarAggregate")!;
        carAggregate["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ShouldBe(["count"]);
    }

    [Fact]
    public async Task Schema_ListsResourcesAndRootFields()
    {
        var schema = JsonNode.Parse((await server.GetAsync("/popcorn/schema")).Body)!;

        var resources = schema["resources"]!.AsArray().Select(r => $"{r!["method"]} {r["path"]} {r["type"]} {r["isList"]}").ToArray();
        resources.ShouldContain("GET /api/employees Employee true");
        resources.ShouldContain("GET /api/employees/{id} Employee false");
        resources.ShouldContain("POST /api/cars Car false");
        var employee = schema["rootFields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == "employee")!;
        employee["arguments"]![0]!.ToJsonString().ShouldBe("""{"name":"id","type":"Int!"}""");
    }

    [Fact]
    public async Task Schema_CarriesTheDefaultParameterHeaderAndGatewayPath()
    {
        var schema = JsonNode.Parse((await server.GetAsync("/popcorn/schema")).Body)!;

        schema["queryParameterName"]!.GetValue<string>().ShouldBe("include");
        schema["headerName"]!.GetValue<string>().ShouldBe("Popcorn-Include");
        schema["gatewayPath"]!.GetValue<string>().ShouldBe("/graphql");
    }

    [Fact]
    public async Task Sdl_PrintsTypesAndQuery_WithoutNeverFields()
    {
        var (status, _, sdl) = await server.GetAsync("/graphql/schema.graphql");

        status.ShouldBe(200);
        sdl.ShouldContain("type Query {");
        sdl.ShouldContain("  employee(id: Int!): Employee\n");
        // A root list takes the same first and skip, Popcorn's unless its resolver declares them.
        sdl.ShouldContain("  employees(first: Int, skip: Int): [Employee!]!\n");
        sdl.ShouldContain("type Employee {");
        // Every list of models takes first and skip; orderBy and where only over [Sortable]/[Filterable] fields, which Car has none of.
        sdl.ShouldContain("  vehicles(first: Int, skip: Int): [Car]!\n");
        sdl.ShouldNotContain("socialSecurityNumber");
    }

    [Theory]
    [InlineData("[id,boss:manager[email],-lastName]")]
    [InlineData("{ id boss: manager { email } lastName @exclude }")]
    public async Task Normalize_GivesBothCanonicalForms(string query)
    {
        var (status, _, body) = await server.GetAsync("/popcorn/normalize?query=" + Uri.EscapeDataString(query));

        status.ShouldBe(200);
        body.ShouldBe("""{"include":"[id,boss:manager[email],-lastName]","graphql":"{ id boss: manager { email } lastName @exclude }"}""");
    }

    [Fact]
    public async Task Normalize_WithAType_ReportsUnknownFields()
    {
        var (status, contentType, body) = await server.GetAsync("/popcorn/normalize?type=Car&query=" + Uri.EscapeDataString("[make,colour]"));

        status.ShouldBe(400);
        contentType.ShouldBe("application/problem+json");
        JsonNode.Parse(body)!["suggestions"]![0]!.GetValue<string>().ShouldBe("color");
    }

    [Fact]
    public async Task Normalize_BadQuery_IsAProblem()
    {
        var (status, _, body) = await server.GetAsync("/popcorn/normalize?query=" + Uri.EscapeDataString("{ id "));

        status.ShouldBe(400);
        JsonNode.Parse(body)!["line"]!.GetValue<int>().ShouldBe(1);
    }

    [Fact]
    public async Task Check_ValidQuery_Is200WithBothCanonicalForms()
    {
        var (status, _, body) = await server.GetAsync("/popcorn/check?type=Employee&query=" + Uri.EscapeDataString("{ id manager { email } }"));

        status.ShouldBe(200);
        body.ShouldBe("""{"valid":true,"include":"[id,manager[email]]","graphql":"{ id manager { email } }","cost":4,"maxCost":100000}""");
    }

    [Fact]
    public async Task Check_UnknownField_Is200WithTheProblemNormalizeWouldGive()
    {
        var (status, contentType, body) = await server.GetAsync("/popcorn/check?type=Car&query=" + Uri.EscapeDataString("[make,colour]"));

        status.ShouldBe(200);
        contentType.ShouldBe("application/json");
        var check = JsonNode.Parse(body)!;
        check["valid"]!.GetValue<bool>().ShouldBeFalse();
        check["problem"]!["status"]!.GetValue<int>().ShouldBe(400);
        check["problem"]!["column"]!.GetValue<int>().ShouldBe(7);
        check["problem"]!["suggestions"]![0]!.GetValue<string>().ShouldBe("color");
    }

    [Fact]
    public async Task Check_DocumentWithVariables_BindsTheGivenVariables_AndNamesOneThatIsMissing()
    {
        // The playground sends its variables box, so a $name is judged as the gateway will judge it, not as unbound.
        string query = Uri.EscapeDataString("query($big: Boolean!) { id manager @include(if: $big) { email } }");

        var (_, _, bound) = await server.GetAsync($"/popcorn/check?type=Employee&query={query}&variables=" + Uri.EscapeDataString("""{"big":false}"""));
        var (_, _, missing) = await server.GetAsync($"/popcorn/check?type=Employee&query={query}&variables=" + Uri.EscapeDataString("{}"));
        var (_, _, notAnObject) = await server.GetAsync($"/popcorn/check?type=Employee&query={query}&variables=" + Uri.EscapeDataString("[1]"));

        JsonNode.Parse(bound)!["include"]!.GetValue<string>().ShouldBe("[id]");
        var problem = JsonNode.Parse(missing)!["problem"]!;
        problem["detail"]!.GetValue<string>().ShouldContain("$big");
        problem["errorKind"]!.GetValue<string>().ShouldBe("InvalidVariable");
        JsonNode.Parse(notAnObject)!["problem"]!["title"]!.GetValue<string>().ShouldBe("Invalid variables");
    }
}

public class EnvelopeTests(EnvelopeTestHostServer server) : IClassFixture<EnvelopeTestHostServer>
{
    [Fact]
    public async Task Envelope_WrapsData()
    {
        var (_, _, body) = await server.GetAsync("/api/cars/1", "[make]");

        body.ShouldBe("""{"success":true,"data":{"id":1,"make":"Volvo"}}""");
    }

    [Fact]
    public async Task Envelope_WrapsErrors()
    {
        var (status, _, body) = await server.GetAsync("/api/cars/1", "[nope]");

        status.ShouldBe(400);
        var envelope = JsonNode.Parse(body)!;
        envelope["success"]!.GetValue<bool>().ShouldBeFalse();
        envelope["error"]!["field"]!.GetValue<string>().ShouldBe("nope");
    }
}

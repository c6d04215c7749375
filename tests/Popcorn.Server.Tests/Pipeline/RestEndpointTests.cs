using System.Net;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests;

public class RestEndpointTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private static readonly string[] SecretValues = new Popcorn.TestHost.Data.SampleData().Employees.Select(e => e.SocialSecurityNumber).ToArray();

    private static string[] Keys(JsonNode? node) => node!.AsObject().Select(p => p.Key).ToArray();

    [Fact]
    public async Task Get_NoSelection_WritesEachEmployeesDefaults()
    {
        var (status, contentType, body) = await server.GetAsync("/api/employees");

        status.ShouldBe(200);
        contentType.ShouldBe("application/json");
        var employees = JsonNode.Parse(body)!.AsArray();
        employees.Count.ShouldBe(16);
        employees.ShouldAllBe(e => Keys(e).SequenceEqual(new[] { "id", "firstName", "lastName" }));
    }

    [Fact]
    public async Task Get_BothSyntaxes_GiveByteIdenticalBodies()
    {
        var include = await server.GetAsync("/api/employees", "[id,boss:manager[email],department[name],-lastName,skills]");
        var graphql = await server.GetAsync("/api/employees", "{ id boss: manager { email } department { name } lastName @exclude skills }");

        include.Status.ShouldBe(200);
        graphql.Body.ShouldBe(include.Body);
        Keys(JsonNode.Parse(include.Body)![0]).ShouldBe(["id", "boss", "department", "skills"]);
    }

    [Fact]
    public async Task Get_SelectionInHeader_IsTheSameAsInTheQueryString()
    {
        var fromQuery = await server.GetAsync("/api/cars/1", "[make,owner[email]]");
        var fromHeader = await server.GetAsync("/api/cars/1", header: "[make,owner[email]]");

        fromHeader.Status.ShouldBe(200);
        fromHeader.Body.ShouldBe(fromQuery.Body);
        fromHeader.Body.ShouldBe("""{"id":1,"make":"Volvo","owner":{"id":1,"email":"ada.lovelace@example.com"}}""");
    }

    [Fact]
    public async Task Get_SelectionInBothPlaces_IsA400()
    {
        var (status, contentType, _) = await server.GetAsync("/api/cars", "[id]", header: "[id]");

        status.ShouldBe(400);
        contentType.ShouldBe("application/problem+json");
    }

    [Fact]
    public async Task Get_MalformedSelection_IsAProblemWithLineAndColumn()
    {
        var (status, contentType, body) = await server.GetAsync("/api/employees", "[id,first Name]");

        status.ShouldBe(400);
        contentType.ShouldBe("application/problem+json");
        var problem = JsonNode.Parse(body)!;
        problem["status"]!.GetValue<int>().ShouldBe(400);
        problem["detail"]!.GetValue<string>().ShouldContain("cannot contain spaces");
        problem["line"]!.GetValue<int>().ShouldBe(1);
        problem["column"]!.GetValue<int>().ShouldBe(11);
        body.ShouldNotContain("   at ");
    }

    [Fact]
    public async Task Get_UnknownField_NamesTheFieldTypeAndSuggestions()
    {
        var (status, _, body) = await server.GetAsync("/api/employees", "{ id manager { emial } }");

        status.ShouldBe(400);
        var problem = JsonNode.Parse(body)!;
        problem["field"]!.GetValue<string>().ShouldBe("emial");
        problem["type"]!.GetValue<string>().ShouldBe("Employee");
        problem["suggestions"]!.AsArray().Select(s => s!.GetValue<string>()).ShouldBe(["email"]);
        (problem["line"]!.GetValue<int>(), problem["column"]!.GetValue<int>()).ShouldBe((1, 16));
    }

    [Fact]
    public async Task Get_NeverField_GetsTheSameResponseAsAFieldThatDoesNotExist()
    {
        var never = await server.GetAsync("/api/employees", "[socialSecurityNumber]");
        var missing = await server.GetAsync("/api/employees", "[socialSecurityNumbex]");

        never.Status.ShouldBe(400);
        var neverProblem = JsonNode.Parse(never.Body.Replace("socialSecurityNumber", "X"))!.AsObject();
        var missingProblem = JsonNode.Parse(missing.Body.Replace("socialSecurityNumbex", "X"))!.AsObject();
        neverProblem.Remove("traceId");
        missingProblem.Remove("traceId");
        neverProblem.ToJsonString().ShouldBe(missingProblem.ToJsonString());
    }

    [Theory]
    [InlineData("[!all]", "/api/employees,/api/departments,/api/cars,/api/employees/3")]
    [InlineData("[!full]", "/api/employees,/api/departments,/api/cars,/api/employees/3")]
    [InlineData("{ __full }", "/api/employees,/api/departments/1,/api/cars/1")]
    [InlineData("[!all,manager[!all],department[members[!all]]]", "/api/employees,/api/employees/5")]
    [InlineData("[!all,members[!all,manager[!full]],head[!all]]", "/api/departments")]
    public async Task Get_Wildcards_NeverRevealANeverField(string include, string paths)
    {
        foreach (string path in paths.Split(','))
        {
            var (status, _, body) = await server.GetAsync(path, include);

            status.ShouldBe(200);
            body.ShouldNotContain("socialSecurityNumber");
            SecretValues.ShouldAllBe(secret => !body.Contains(secret));
        }
    }

    [Fact]
    public async Task Get_DeepWildcard_IsSystemTextJsonsOwnOutput()
    {
        var popcorn = await server.GetAsync("/api/employees", "[!full]");

        // Byte for byte: System.Text.Json's text of the same data (IgnoreCycles: the data cycles). It writes no
        // [Never] member either: the generator requires [JsonIgnore] beside [Never] (POP012).
        var options = new System.Text.Json.JsonSerializerOptions(Popcorn.TestHost.TestHostJsonContext.Default.Options)
        {
            ReferenceHandler = System.Text.Json.Serialization.ReferenceHandler.IgnoreCycles,
        };
        string plain = System.Text.Json.JsonSerializer.Serialize(new Popcorn.TestHost.Data.SampleData().Employees, options);
        plain.ShouldNotContain("socialSecurityNumber");
        popcorn.Status.ShouldBe(200);
        popcorn.Body.ShouldBe(plain);
    }

    [Fact]
    public async Task PlainEndpoint_OfTheSameContext_NeverWritesANeverMember()
    {
        // An endpoint without Popcorn: ASP.NET Core serializes through the context with System.Text.Json alone.
        var (status, _, body) = await server.GetAsync("/plain/employees/1");

        status.ShouldBe(200);
        body.ShouldContain("\"firstName\"");
        body.ShouldNotContain("socialSecurityNumber");
        SecretValues.ShouldAllBe(secret => !body.Contains(secret));
    }

    [Fact]
    public async Task Get_UnknownId_IsA404Problem()
    {
        var (status, contentType, body) = await server.GetAsync("/api/employees/999", "[id]");

        status.ShouldBe(404);
        contentType.ShouldBe("application/problem+json");
        body.ShouldContain("No employee has id 999.");
    }

    [Fact]
    public async Task Get_SubPropertyDefault_ShapesANamedChildWithoutChildren()
    {
        var (_, _, body) = await server.GetAsync("/api/departments/1", "[head]");

        body.ShouldBe("""{"id":1,"head":{"id":1,"firstName":"Ada","lastName":"Lovelace","email":"ada.lovelace@example.com"}}""");
    }

    [Fact]
    public async Task Get_Maps_ApplyTheSelectionToEachValue()
    {
        var (_, _, body) = await server.GetAsync("/api/departments/3", "[projects[title]]");

        body.ShouldBe("""{"id":3,"projects":{"OPS-1":{"title":"Fleet renewal"},"OPS-2":{"title":"Office move"}}}""");
    }

    [Fact]
    public async Task Post_Car_HonoursTheSelection_AndAnswers201WithLocation()
    {
        using var content = new StringContent("""{"make":"Polestar","model":"2","year":2025,"color":"black","licensePlate":null,"ownerId":2}""", Encoding.UTF8, "application/json");

        using var response = await server.Client.PostAsync("/api/cars?include=" + Uri.EscapeDataString("[make,owner[lastName]]"), content);

        response.StatusCode.ShouldBe(HttpStatusCode.Created);
        var car = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        Keys(car).ShouldBe(["id", "make", "owner"]);
        car["owner"]!.ToJsonString().ShouldBe("""{"id":2,"lastName":"Hopper"}""");
        response.Headers.Location!.ToString().ShouldBe($"/api/cars/{car["id"]}");
    }

    [Fact]
    public async Task Post_Car_WithABadSelection_IsRejectedBeforeTheCarIsCreated()
    {
        int before = JsonNode.Parse((await server.GetAsync("/api/cars")).Body)!.AsArray().Count;
        using var content = new StringContent("""{"make":"Lada","model":"Niva","year":1990,"color":"green","licensePlate":null,"ownerId":null}""", Encoding.UTF8, "application/json");

        using var response = await server.Client.PostAsync("/api/cars?include=" + Uri.EscapeDataString("[make,["), content);

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        JsonNode.Parse((await server.GetAsync("/api/cars")).Body)!.AsArray().Count.ShouldBe(before);
    }

    [Fact]
    public async Task Get_QueryPastTheLengthLimit_InTheHeader_IsA400()
    {
        string huge = "[" + string.Join(",", Enumerable.Repeat("firstName", 1000)) + "]";

        var (status, _, body) = await server.GetAsync("/api/employees", header: huge);

        status.ShouldBe(400);
        JsonNode.Parse(body)!["detail"]!.GetValue<string>().ShouldContain("limit is 8192");
    }

    [Fact]
    public async Task Get_NestingPastTheDepthLimit_IsA400()
    {
        string deep = string.Concat(Enumerable.Repeat("[manager", 40)) + new string(']', 40);

        var (status, _, _) = await server.GetAsync("/api/employees", deep);

        status.ShouldBe(400);
    }

    [Fact]
    public async Task Get_ManyConcurrentRequests_AllSucceedWithTheRightShape()
    {
        var queries = new[] { "[id]", "{ id email }", "[!all]", "[manager[manager]]", "{ vehicles { make owner { id } } }" };

        var results = await Task.WhenAll(Enumerable.Range(0, 200).Select(i => server.GetAsync("/api/employees", queries[i % queries.Length])));

        results.ShouldAllBe(r => r.Status == 200);
        for (int i = 0; i < queries.Length; i++)
        {
            results.Where((_, j) => j % queries.Length == i).Select(r => r.Body).Distinct().Count().ShouldBe(1);
        }
    }
}

namespace Popcorn.Server.Tests.Cycles;

/// <summary>
/// An object met again on its own path: <c>/graphql</c> writes it again for a document without wildcards, as the
/// GraphQL specification (and graphql-js) do; REST, a document with a wildcard and <c>GatewayUsesPopcornSemantics</c>
/// write it as <c>null</c>, as System.Text.Json's IgnoreCycles does.
/// </summary>
public class RepeatedObjectsTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private const string DepartmentMembers = "{ members { id department { members { id } } } }";
    private const string TheirDepartment = """{"department":{"members":[{"id":6},{"id":7},{"id":8}]}}""";

    [Fact]
    public async Task Post_DocumentWithoutWildcards_RepeatsTheObjectsOnItsPath()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ department(id: 2) " + DepartmentMembers + " }");

        status.ShouldBe(200);
        body!["data"]!["department"]!.ToJsonString()
            .ShouldBe($$"""{"members":[{"id":6,{{TheirDepartment[1..^1]}}},{"id":7,{{TheirDepartment[1..^1]}}},{"id":8,{{TheirDepartment[1..^1]}}}]}""");
    }

    [Fact]
    public async Task Post_EmployeeInItsOwnDepartmentsMembers_IsWrittenAgain()
    {
        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 6) { department { members { id } } } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe(TheirDepartment);
    }

    [Fact]
    public async Task Get_SameSelectionOverRest_StillWritesTheCyclesAsNull()
    {
        var graphQLSyntax = await server.GetAsync("/api/departments/2", DepartmentMembers);
        var includeSyntax = await server.GetAsync("/api/departments/2", "[members[id,department[members[id]]]]");
        var header = await server.GetAsync("/api/departments/2", header: DepartmentMembers);
        var employee = await server.GetAsync("/api/employees/6", "{ department { members { id } } }");

        graphQLSyntax.Body.ShouldBe("""{"id":2,"members":[{"id":6,"department":null},{"id":7,"department":null},{"id":8,"department":null}]}""");
        includeSyntax.Body.ShouldBe(graphQLSyntax.Body);
        header.Body.ShouldBe(graphQLSyntax.Body);
        employee.Body.ShouldBe("""{"id":6,"department":{"id":2,"members":[null,{"id":7},{"id":8}]}}""");
    }

    [Theory]
    [InlineData("{ employee(id: 6) { department { members { __all } } } }", """{"department":{"members":[null,""")]
    [InlineData("{ employee(id: 6) { department { members } } }", """{"department":{"members":[null,""")]
    [InlineData("{ employee(id: 6) { __full } }", """{"id":6,""")]
    [InlineData("{ department(id: 2) { members { department { __all } } } }", """{"members":[{"department":null},{"department":null},{"department":null}]}""")]
    public async Task Post_DocumentWithAWildcardOverTheCycle_StillWritesNullWhereItCloses(string query, string start)
    {
        var (status, _, body) = await server.PostGraphQLAsync(query);

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldContain(start);
    }

    [Fact]
    public async Task Post_DocumentPastTheDepthLimit_IsStillRefused()
    {
        string deep = "{ employee(id: 6) { " + string.Concat(Enumerable.Repeat("department { members { ", 20)) + "id" + new string('}', 41) + " }";

        var (status, _, body) = await server.PostGraphQLAsync(deep);

        status.ShouldBe(400);
        body!["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("deeper than 32");
    }
}

/// <summary>With <c>GatewayUsesPopcornSemantics</c>, <c>/graphql</c> keeps REST's rule for cycles too.</summary>
public class RepeatedObjectsWithPopcornSemanticsTests(PopcornSemanticsGatewayServer server) : IClassFixture<PopcornSemanticsGatewayServer>
{
    [Fact]
    public async Task Post_DocumentWithoutWildcards_WritesTheCyclesAsNullAsRestDoes()
    {
        var rest = await server.GetAsync("/api/employees/6", "{ department { members { id } } }");

        var (_, _, body) = await server.PostGraphQLAsync("{ employee(id: 6) { department { members { id } } } }");

        body!["data"]!["employee"]!.ToJsonString().ShouldBe(rest.Body);
        rest.Body.ShouldBe("""{"id":6,"department":{"id":2,"members":[null,{"id":7},{"id":8}]}}""");
    }
}

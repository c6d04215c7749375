using System.Text.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Formats;

/// <summary><c>Accept: text/csv</c> on the test host's lists: one row per element, one column per selected scalar.</summary>
public class CsvResponseTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private const string Csv = "text/csv";

    [Fact]
    public async Task Get_CsvWithoutSelection_WritesTheDefaultsWithAHeaderRow()
    {
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv);

        status.ShouldBe(200);
        contentType.ShouldBe("text/csv; charset=utf-8; header=present");
        body.ShouldStartWith("id,firstName,lastName\r\n1,Ada,Lovelace\r\n");
        var rows = FormatClient.ReadCsv(body);
        rows.Count.ShouldBe(17);
        rows.Skip(1).ShouldAllBe(row => row.Length == 3);
    }

    [Theory]
    [InlineData("[id,firstName,email,birthday,employmentType,salary,hired_at]", "id,firstName,email,birthday,employmentType,salary,hired_at")]
    [InlineData("[firstName,manager[email,manager[lastName,birthday]],department[name,budget]]", "id,firstName,manager.id,manager.email,manager.manager.id,manager.manager.lastName,manager.manager.birthday,department.id,department.name,department.budget")]
    [InlineData("[boss:manager[mail:email],team:department,-lastName]", "id,boss.id,boss.mail,team.id,team.name,team.head.id,team.head.firstName,team.head.lastName,team.head.email")]
    [InlineData("{ id manager { firstName } department { head { email } } }", "id,manager.id,manager.firstName,department.id,department.head.id,department.head.email")]
    public async Task Get_CsvOfASelection_HoldsTheSameValuesAsTheJson(string selection, string columns)
    {
        var json = await server.GetAsync("/api/employees", selection);
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, selection);

        status.ShouldBe(200);
        var rows = FormatClient.ReadCsv(body);
        var header = rows[0];
        var elements = JsonNode.Parse(json.Body)!.AsArray();
        header.ShouldBe(columns.Split(','));
        rows.Count.ShouldBe(elements.Count + 1);
        for (int i = 0; i < elements.Count; i++)
        {
            rows[i + 1].ShouldBe(header.Select(column => Cell(elements[i], column)).ToArray(), $"row {i + 1}");
        }
    }

    [Fact]
    public async Task Get_CsvWithANullNestedObject_LeavesItsCellsEmptyAndQuotesEmptyStringsNever()
    {
        // Ada (id 1) has no manager: her manager's columns are empty fields, not "" (which would be an empty string).
        var (_, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, "[manager[email]]");

        body.Split("\r\n")[1].ShouldBe("1,,");
    }

    [Theory]
    [InlineData("[id,vehicles]", "vehicles", "a list")]
    [InlineData("[id,skills]", "skills", "a list")]
    [InlineData("[id,links]", "links", "a map")]
    [InlineData("[id,department[members[id]]]", "department.members", "a list")]
    [InlineData("[id,team:department[projects]]", "team.projects", "a map")]
    public async Task Get_CsvOfASelectionWithAList_Is406NamingTheField(string selection, string field, string what)
    {
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, selection);

        status.ShouldBe(406);
        contentType.ShouldStartWith("application/problem+json");
        var problem = JsonNode.Parse(body)!;
        problem["title"]!.GetValue<string>().ShouldBe("Not a table");
        problem["errorKind"]!.GetValue<string>().ShouldBe("NotATable");
        problem["field"]!.GetValue<string>().ShouldBe(field);
        problem["detail"]!.GetValue<string>().ShouldContain($"'{field}' is {what}");
    }

    [Fact]
    public async Task Get_CsvOfTheDeepWildcard_Is406RatherThanEndlessColumns()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, "[id,manager[!full]]");

        status.ShouldBe(406);
        var problem = JsonNode.Parse(body)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("NotATable");
        problem["field"]!.GetValue<string>().ShouldBe("manager.manager");
    }

    [Fact]
    public async Task Get_CsvOfTheWildcard_NeverShowsTheNeverField()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, "[!all,-vehicles,-skills,-links,-manager,-department]");

        status.ShouldBe(200);
        FormatClient.ReadCsv(body)[0].ShouldBe(["id", "firstName", "lastName", "email", "birthday", "employmentType", "salary", "hired_at"]);
        body.ShouldNotContain("ocialSecurity", Case.Insensitive);
    }

    [Fact]
    public async Task Get_CsvNamingTheNeverField_IsTheSame400AsAnUnknownField()
    {
        var csv = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, "[socialSecurityNumber]");
        var unknown = await FormatClient.GetAsync(server.Client, "/api/employees", Csv, "[noSuchField]");

        csv.Status.ShouldBe(400);
        JsonNode.Parse(csv.Body)!["errorKind"]!.GetValue<string>().ShouldBe(JsonNode.Parse(unknown.Body)!["errorKind"]!.GetValue<string>());
    }

    [Fact]
    public async Task Get_CsvOfASingleObject_IsOneRow()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/cars/1", Csv, "[make,owner[email]]");

        status.ShouldBe(200);
        body.ShouldBe("id,make,owner.id,owner.email\r\n1,Volvo,1,ada.lovelace@example.com\r\n");
    }

    [Fact]
    public async Task Get_CsvWithRootArguments_WritesTheArrangedRows()
    {
        var json = await server.GetAsync("/api/cars", "(first: 2, skip: 1)[make]");
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/api/cars", Csv, "(first: 2, skip: 1)[make]");

        status.ShouldBe(200);
        var rows = FormatClient.ReadCsv(body);
        rows.Select(r => r[0]).ShouldBe(["id", "2", "3"]);
        rows.Skip(1).Select(r => r[1]).ShouldBe(JsonNode.Parse(json.Body)!.AsArray().Select(c => c!["make"]!.GetValue<string>()));
    }

    [Fact]
    public async Task Get_CsvOverTheCostLimit_IsThe400ProblemBeforeTheHandler()
    {
        var json = await server.GetAsync("/api/limited/cars", "[id,make,model,year,color,licensePlate,owner[firstName,lastName,email]]");
        var csv = await FormatClient.GetAsync(server.Client, "/api/limited/cars", Csv, "[id,make,model,year,color,licensePlate,owner[firstName,lastName,email]]");

        json.Status.ShouldBe(400);
        csv.Status.ShouldBe(400);
        JsonNode.Parse(csv.Body)!["detail"]!.GetValue<string>().ShouldBe(JsonNode.Parse(json.Body)!["detail"]!.GetValue<string>());
    }

    [Fact]
    public async Task Get_SameCsvTwice_CarriesAnETagDistinctFromTheJsonOne()
    {
        var csv = await FormatClient.GetAsync(server.Client, "/api/cars", Csv, "[make]");
        var json = await FormatClient.GetAsync(server.Client, "/api/cars", null, "[make]");

        csv.Response.Headers.ETag.ShouldNotBeNull();
        csv.Response.Headers.ETag!.Tag.ShouldNotBe(json.Response.Headers.ETag!.Tag);
        csv.Response.Headers.Vary.ShouldBe(["Popcorn-Include", "Accept"]);
    }

    private static string Cell(JsonNode? element, string column)
    {
        JsonNode? node = element;
        foreach (string part in column.Split('.'))
        {
            node = node?[part];
        }

        return node is null ? string.Empty
            : node.GetValueKind() == JsonValueKind.String ? node.GetValue<string>()
            : node.ToJsonString();
    }
}

using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Schema;

/// <summary>
/// Enums and dates at /graphql as GraphQL clients type them (issue 30, outcome 4): an enum System.Text.Json writes as
/// strings is a GraphQL enum of the written names, dates are custom scalars with their specification's URL, and the
/// values on the wire are the bytes REST writes.
/// </summary>
public class EnumAndDateTypesTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task EnumField_IsAnEnumOfTheWrittenNames_AndItsValuesAreThoseNames()
    {
        var (_, _, schema) = await server.PostGraphQLAsync(
            "{ __type(name: \"Employee\") { fields { name type { kind name ofType { kind name } } } } e: __type(name: \"EmploymentType\") { kind enumValues { name } } }");
        var (_, _, data) = await server.PostGraphQLAsync("{ employees { employmentType } }");

        var field = Field(schema!, "employmentType");
        field["kind"]!.GetValue<string>().ShouldBe("NON_NULL");
        field["ofType"]!["kind"]!.GetValue<string>().ShouldBe("ENUM");
        field["ofType"]!["name"]!.GetValue<string>().ShouldBe("EmploymentType");
        var values = schema!["data"]!["e"]!["enumValues"]!.AsArray().Select(v => v!["name"]!.GetValue<string>()).ToArray();
        values.ShouldBe(["FullTime", "PartTime", "Contractor"]);
        var written = data!["data"]!["employees"]!.AsArray().Select(e => e!["employmentType"]!.GetValue<string>()).Distinct().ToArray();
        written.ShouldNotBeEmpty();
        written.ShouldAllBe(w => values.Contains(w));
    }

    [Theory]
    [InlineData("birthday", "LocalDate", "https://scalars.graphql.org/andimarek/local-date.html")]
    [InlineData("hired_at", "DateTime", "https://scalars.graphql.org/andimarek/date-time.html")]
    public async Task DateField_IsACustomScalar_SpecifiedByItsUrl(string fieldName, string scalar, string url)
    {
        var (_, _, schema) = await server.PostGraphQLAsync(
            $"{{ __type(name: \"Employee\") {{ fields {{ name type {{ kind name ofType {{ kind name }} }} }} }} s: __type(name: \"{scalar}\") {{ kind specifiedByURL }} }}");

        Field(schema!, fieldName)["ofType"]!["name"]!.GetValue<string>().ShouldBe(scalar);
        schema!["data"]!["s"]!["kind"]!.GetValue<string>().ShouldBe("SCALAR");
        schema["data"]!["s"]!["specifiedByURL"]!.GetValue<string>().ShouldBe(url);
    }

    [Fact]
    public async Task Sdl_PrintsTheScalarsWithSpecifiedBy_AndTheEnums()
    {
        var (status, _, sdl) = await server.GetAsync("/graphql/schema.graphql");

        status.ShouldBe(200);
        sdl.ShouldContain("scalar LocalDate @specifiedBy(url: \"https://scalars.graphql.org/andimarek/local-date.html\")");
        sdl.ShouldContain("  birthday: LocalDate!\n");
        sdl.ShouldContain("enum EmploymentType {\n  FullTime\n  PartTime\n  Contractor\n}");
        sdl.ShouldContain("  dueDate: LocalDate\n");
    }

    [Fact]
    public async Task Values_AreTheBytesRestWrites()
    {
        var (_, _, rest) = await server.GetAsync("/api/employees", "[id,birthday,employmentType,hired_at]");
        var (_, _, graphql) = await server.PostGraphQLAsync("{ employees { id birthday employmentType hired_at } }");

        graphql!["data"]!["employees"]!.ToJsonString().ShouldBe(JsonNode.Parse(rest)!.ToJsonString());
    }

    private static JsonNode Field(JsonNode schema, string name) =>
        schema["data"]!["__type"]!["fields"]!.AsArray().Single(f => f!["name"]!.GetValue<string>() == name)!["type"]!;
}

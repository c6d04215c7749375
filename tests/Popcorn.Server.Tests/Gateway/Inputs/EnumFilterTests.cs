using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Inputs;

/// <summary>
/// An enum field's <c>where</c> comparison at /graphql (issue 30): typed by the enum (<c>AppointmentKindComparison</c>
/// with <c>eq</c>, <c>neq</c> and <c>in</c> of <c>AppointmentKind</c>), and the quoted form it took as a
/// <c>StringComparison</c> still answered, with a deprecation warning under <c>extensions.warnings</c>.
/// </summary>
public sealed class EnumFilterTests : IAsyncLifetime
{
    private readonly DiaryServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task Sdl_TypesTheEnumFieldsComparison_ByItsEnum()
    {
        string sdl = await _server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("  kind: AppointmentKindComparison\n");
        sdl.ShouldContain("""
            input AppointmentKindComparison {
              eq: AppointmentKind
              neq: AppointmentKind
              in: [AppointmentKind]
            }
            """);
        sdl.ShouldNotContain("StringComparison", Case.Sensitive, "no other field of the diary is filterable");
    }

    [Theory]
    [InlineData("{ appointments(where: {kind: {eq: Call}}) { id } }", """[{"id":2}]""")]
    [InlineData("{ appointments(where: {kind: {neq: Call}}) { id } }", """[{"id":1}]""")]
    [InlineData("{ appointments(where: {kind: {in: [Visit, Call]}}) { id } }", """[{"id":1},{"id":2}]""")]
    public async Task EnumValue_FiltersTheList_WithoutWarnings(string query, string ids)
    {
        var body = await _server.PostAsync(query);

        body["errors"].ShouldBeNull();
        body["extensions"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe(ids);
    }

    [Fact]
    public async Task EnumVariable_FiltersTheList_WithoutWarnings()
    {
        var body = await _server.PostAsync("query K($kind: AppointmentKind) { appointments(where: {kind: {eq: $kind}}) { id } }", """{"kind":"Call"}""");

        body["extensions"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":2}]""");
    }

    [Fact]
    public async Task QuotedValue_StillFilters_WithADeprecationWarning_EveryTime()
    {
        const string query = """{ appointments(where: {kind: {eq: "Call"}}) { id } }""";

        var first = await _server.PostAsync(query);
        var cached = await _server.PostAsync(query);

        foreach (var body in new[] { first, cached })
        {
            body["errors"].ShouldBeNull();
            body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":2}]""");
            var warning = body["extensions"]!["warnings"]!.AsArray().ShouldHaveSingleItem()!;
            warning["message"]!.GetValue<string>().ShouldBe("Comparing the enum \"AppointmentKind\" with a string (\"Call\") is deprecated: write the value without quotes (Call).");
            warning["locations"]!.ToJsonString().ShouldBe("""[{"line":1,"column":35}]""");
            warning["extensions"]!["code"]!.GetValue<string>().ShouldBe("DEPRECATED");
        }
    }

    [Fact]
    public async Task QuotedValuesInAList_EachWarned()
    {
        var body = await _server.PostAsync("""{ appointments(where: {kind: {in: ["Visit", "Call"]}}) { id } }""");

        body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":1},{"id":2}]""");
        body["extensions"]!["warnings"]!.AsArray().Count.ShouldBe(2);
    }

    [Fact]
    public async Task StringVariable_StillFilters_WithADeprecationWarning()
    {
        var body = await _server.PostAsync("query K($kind: String) { appointments(where: {kind: {eq: $kind}}) { id } }", """{"kind":"Call"}""");

        body["errors"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":2}]""");
        body["extensions"]!["warnings"]![0]!["message"]!.GetValue<string>().ShouldBe("Comparing the enum \"AppointmentKind\" with the String variable \"$kind\" is deprecated: declare it as \"AppointmentKind\".");
    }

    [Theory]
    [InlineData("""{ appointments(where: {kind: {eq: "Party"}}) { id } }""", "Enum \"AppointmentKind\" cannot represent non-enum value: \"Party\".")]
    [InlineData("{ appointments(where: {kind: {eq: Party}}) { id } }", "Value \"Party\" does not exist in \"AppointmentKind\" enum.")]
    [InlineData("{ appointments(where: {kind: {gt: Visit}}) { id } }", "Field \"gt\" is not defined by type \"AppointmentKindComparison\".")]
    [InlineData("""{ appointments(where: {kind: {contains: "all"}}) { id } }""", "Field \"contains\" is not defined by type \"AppointmentKindComparison\".")]
    public async Task NoValueOfTheEnum_OrAnOperatorItHasNot_Refused(string query, string message)
    {
        var body = await _server.PostAsync(query);

        body["data"].ShouldBeNull();
        body["errors"]!.AsArray().ShouldHaveSingleItem()!["message"]!.GetValue<string>().ShouldBe(message);
        _server.Diary.Calls.ShouldBe(0);
    }
}

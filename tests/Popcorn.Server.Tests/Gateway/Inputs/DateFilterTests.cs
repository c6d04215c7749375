namespace Popcorn.Server.Tests.Gateway.Inputs;

/// <summary>
/// A date or time field's <c>where</c> comparison at /graphql (issue 30): typed by the field's scalar
/// (<c>LocalDateComparison</c> with <c>eq neq gt gte lt lte in</c> of <c>LocalDate</c>), values checked as that scalar
/// before anything runs, and the looser strings these fields took as a <c>StringComparison</c> (what
/// <c>DateTime.TryParse</c> reads, <c>"01/05/2026"</c>) still answered, with a deprecation warning.
/// </summary>
public sealed class DateFilterTests : IAsyncLifetime
{
    private readonly DiaryServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task Sdl_TypesEachDateFieldsComparison_ByItsScalar_WithOrderAndNoTextOperators()
    {
        string sdl = await _server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("  at: DateTimeComparison\n");
        sdl.ShouldContain("  day: LocalDateComparison\n");
        sdl.ShouldContain("  logged: IsoDateTimeComparison\n");
        sdl.ShouldContain("""
            input LocalDateComparison {
              eq: LocalDate
              neq: LocalDate
              gt: LocalDate
              gte: LocalDate
              lt: LocalDate
              lte: LocalDate
              in: [LocalDate]
            }
            """);
        sdl.ShouldNotContain("StringComparison", Case.Sensitive, "no text field of the diary is filterable");
    }

    [Theory]
    [InlineData("""{ appointments(where: {day: {gt: "2026-01-05"}}) { id } }""", """[{"id":2}]""")]
    [InlineData("""{ appointments(where: {day: {in: ["2026-01-05", "2026-01-07"]}}) { id } }""", """[{"id":1}]""")]
    [InlineData("""{ appointments(where: {at: {lt: "2026-01-06T00:00:00Z"}}) { id } }""", """[{"id":1}]""")]
    [InlineData("""{ appointments(where: {at: {gte: "2026-01-05T08:00:00+00:00"}}) { id } }""", """[{"id":1},{"id":2}]""")]
    [InlineData("""{ appointments(where: {logged: {eq: null}}) { id } }""", """[{"id":1},{"id":2}]""")]
    public async Task ScalarValue_FiltersTheList_WithoutWarnings(string query, string ids)
    {
        var body = await _server.PostAsync(query);

        body["errors"].ShouldBeNull();
        body["extensions"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe(ids);
    }

    [Theory]
    [InlineData("LocalDate")]
    [InlineData("String")]
    public async Task Variable_OfTheScalarOrOfString_FiltersTheList_WithoutWarnings(string declared)
    {
        // A String variable is how such a filter was declared before it was typed; it stays allowed, as for date
        // arguments (docs/graphql-syntax.md, "Enums and dates").
        var body = await _server.PostAsync($"query D($day: {declared}) {{ appointments(where: {{day: {{eq: $day}}}}) {{ id }} }}", """{"day":"2026-01-06"}""");

        body["errors"].ShouldBeNull();
        body["extensions"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":2}]""");
    }

    [Fact]
    public async Task LooseDateString_StillFilters_WithADeprecationWarning()
    {
        // Invariant culture reads 01/05/2026 as the fifth of January, as the filter compiler always has.
        var body = await _server.PostAsync("""{ appointments(where: {day: {gt: "01/05/2026"}}) { id } }""");

        body["errors"].ShouldBeNull();
        body["data"]!["appointments"]!.ToJsonString().ShouldBe("""[{"id":2}]""");
        var warning = body["extensions"]!["warnings"]!.AsArray().ShouldHaveSingleItem()!;
        warning["message"]!.GetValue<string>().ShouldBe("Comparing a LocalDate field with \"01/05/2026\" is deprecated: it is not a valid LocalDate (date in ISO 8601, e.g. \"2026-01-05\").");
        warning["locations"]!.ToJsonString().ShouldBe("""[{"line":1,"column":34}]""");
        warning["extensions"]!["code"]!.GetValue<string>().ShouldBe("DEPRECATED");
    }

    [Theory]
    [InlineData("""{ appointments(where: {day: {gt: "yesterday"}}) { id } }""", "LocalDate cannot represent an invalid date string: \"yesterday\"")]
    [InlineData("""{ appointments(where: {at: {lt: 20260105}}) { id } }""", "DateTime cannot represent a non string value: 20260105")]
    [InlineData("""{ appointments(where: {day: {contains: "2026"}}) { id } }""", "Field \"contains\" is not defined by type \"LocalDateComparison\".")]
    public async Task NotADate_IsRefusedBeforeAnythingRuns(string query, string message)
    {
        var body = await _server.PostAsync(query);

        body["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldBe(message);
        body["errors"]![0]!["locations"].ShouldNotBeNull();
    }
}

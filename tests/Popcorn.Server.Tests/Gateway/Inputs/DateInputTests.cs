using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Inputs;

/// <summary>
/// Date and time inputs at /graphql (issue 30): mutation input members and root field arguments of DateTimeOffset,
/// DateOnly, TimeOnly and DateTime have the scalars outputs have, and every value is read as a date before any resolver
/// runs, literals by validation and variables by coercion, in graphql-js's words.
/// </summary>
public sealed class DateInputTests : IAsyncLifetime
{
    private const string Book = """
        mutation Book($input: BookInput!) {
          book(input: $input) { id at day start logged reminders }
        }
        """;

    // Offsets as sent ("+01:00"), not as JsonNode escapes them by default.
    private static readonly JsonSerializerOptions s_plain = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private readonly DiaryServer _server = new();

    public Task InitializeAsync() => _server.InitializeAsync();

    public Task DisposeAsync() => _server.DisposeAsync();

    [Fact]
    public async Task Sdl_TypesDateInputsAndArguments_WithTheOutputsScalars()
    {
        string sdl = await _server.Client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("""
            input BookInput {
              title: String!
              at: DateTime!
              day: LocalDate!
              start: LocalTime
              logged: IsoDateTime
              reminders: [LocalDate!]
              writtenOn: String
            }
            """);
        sdl.ShouldContain("  appointments(on: LocalDate, first: Int, skip: Int, where: AppointmentFilter): [Appointment!]!\n");
        sdl.ShouldContain("  move(id: Int!, at: DateTime!): Appointment\n");
        sdl.ShouldContain("scalar LocalTime @specifiedBy(url: \"https://scalars.graphql.org/chillicream/local-time.html\")");
    }

    [Fact]
    public async Task ValidDates_AsVariables_ReachTheResolver_AsSent()
    {
        var body = await _server.PostAsync(Book, """
            {"input":{"title":"Tax","at":"2026-03-02T10:30:00+02:00","day":"2026-03-02","start":"10:30:00","logged":"2026-03-01T08:00:00Z","reminders":["2026-02-28"]}}
            """);

        body["errors"].ShouldBeNull();
        body["data"]!["book"]!.ToJsonString(s_plain).ShouldBe("""{"id":3,"at":"2026-03-02T10:30:00+02:00","day":"2026-03-02","start":"10:30:00","logged":"2026-03-01T08:00:00Z","reminders":["2026-02-28"]}""");
    }

    [Fact]
    public async Task ValidDates_AsLiterals_AndRootArguments_ReachTheResolver()
    {
        var booked = await _server.PostAsync("""mutation { book(input: {title: "Tax", at: "2026-03-02T10:30:00Z", day: "2026-03-02", writtenOn: "04/03/2026"}) { day } }""");
        var moved = await _server.PostAsync("""mutation { move(id: 1, at: "2026-01-06T09:00:00+01:00") { at } }""");
        var listed = await _server.PostAsync("""query On($on: LocalDate) { appointments(on: $on) { id } }""", """{"on":"2026-01-05"}""");

        booked["data"]!.ToJsonString(s_plain).ShouldBe("""{"book":{"day":"2026-03-04"}}""", "the member the app converts its own way is read by its converter");
        moved["data"]!.ToJsonString(s_plain).ShouldBe("""{"move":{"at":"2026-01-06T09:00:00+01:00"}}""");
        listed["data"]!.ToJsonString(s_plain).ShouldBe("""{"appointments":[{"id":1}]}""");
    }

    [Theory]
    [InlineData("""mutation { book(input: {title: "x", at: "yesterday", day: "2026-03-02"}) { id } }""", "DateTime cannot represent an invalid date-time string: \"yesterday\"", 41)]
    [InlineData("""mutation { book(input: {title: "x", at: "2026-03-02T10:00:00Z", day: 20260302}) { id } }""", "LocalDate cannot represent a non string value: 20260302", 70)]
    [InlineData("""mutation { book(input: {title: "x", at: "2026-03-02T10:00:00Z", day: "2026-02-30"}) { id } }""", "LocalDate cannot represent an invalid date string: \"2026-02-30\"", 70)]
    [InlineData("""mutation { book(input: {title: "x", at: "2026-03-02T10:00:00Z", day: "2026-03-02", start: "25:00"}) { id } }""", "LocalTime cannot represent an invalid time string: \"25:00\"", 91)]
    [InlineData("""mutation { move(id: 1, at: "soon") { id } }""", "DateTime cannot represent an invalid date-time string: \"soon\"", 28)]
    [InlineData("""{ appointments(on: "Monday") { id } }""", "LocalDate cannot represent an invalid date string: \"Monday\"", 20)]
    public async Task BadDateLiteral_RefusedByValidation_WithItsLocation(string query, string message, int column)
    {
        var body = await _server.PostAsync(query);

        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe(message);
        error["locations"]!.ToJsonString(s_plain).ShouldBe($$"""[{"line":1,"column":{{column}}}]""");
        body["data"].ShouldBeNull();
        _server.Diary.Calls.ShouldBe(0);
    }

    [Theory]
    [InlineData("""{"title":"x","at":"yesterday","day":"2026-03-02"}""", "Variable \"$input\" got invalid value \"yesterday\" at \"input.at\"; DateTime cannot represent an invalid date-time string: \"yesterday\"")]
    [InlineData("""{"title":"x","at":"2026-03-02T10:00:00Z","day":"2026-03-02","reminders":["2026-02-28","soon"]}""", "Variable \"$input\" got invalid value \"soon\" at \"input.reminders[1]\"; LocalDate cannot represent an invalid date string: \"soon\"")]
    [InlineData("""{"title":"x","at":"2026-03-02T10:00:00Z","day":"2026-03-02","logged":true}""", "Variable \"$input\" got invalid value true at \"input.logged\"; IsoDateTime cannot represent a non string value: true")]
    public async Task BadDateVariable_RefusedBeforeAnyResolver_InGraphQLJsWords(string input, string message)
    {
        var body = await _server.PostAsync(Book, $$"""{"input":{{input}}}""");

        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe(message);
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("BAD_USER_INPUT");
        _server.Diary.Calls.ShouldBe(0);
    }

    [Fact]
    public async Task StringVariable_WhereADateIsExpected_KeepsWorking_AndIsStillReadAsADate()
    {
        const string move = "mutation Move($at: String!) { move(id: 1, at: $at) { at } }";

        var moved = await _server.PostAsync(move, """{"at":"2026-01-07T09:00:00+01:00"}""");
        var refused = await _server.PostAsync(move, """{"at":"soon"}""");

        moved["errors"].ShouldBeNull();
        moved["data"]!.ToJsonString(s_plain).ShouldBe("""{"move":{"at":"2026-01-07T09:00:00+01:00"}}""");
        refused["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith("Argument 'at' has an invalid value: DateTime cannot represent an invalid date-time string: \"soon\"");
        _server.Diary.Calls.ShouldBe(1);
    }

    [Fact]
    public async Task BadDate_InAQueryVariable_RefusedWhenTheArgumentIsBound()
    {
        var body = await _server.PostAsync("query On($on: LocalDate) { appointments(on: $on) { id } }", """{"on":"Monday"}""");

        body["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith("Argument 'on' has an invalid value: LocalDate cannot represent an invalid date string: \"Monday\"");
        _server.Diary.Calls.ShouldBe(0);
    }

    [Fact]
    public async Task Introspection_NamesTheDateScalars_OfInputFields()
    {
        var body = await _server.PostAsync("""{ __type(name: "BookInput") { inputFields { name type { name ofType { name kind } } } } }""");

        var fields = body["data"]!["__type"]!["inputFields"]!.AsArray();
        fields.Single(f => f!["name"]!.GetValue<string>() == "at")!["type"]!["ofType"]!.ToJsonString(s_plain).ShouldBe("""{"name":"DateTime","kind":"SCALAR"}""");
        fields.Single(f => f!["name"]!.GetValue<string>() == "logged")!["type"]!["name"]!.GetValue<string>().ShouldBe("IsoDateTime");
    }
}

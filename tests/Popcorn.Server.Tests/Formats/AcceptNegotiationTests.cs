using Microsoft.Extensions.Primitives;

namespace Popcorn.Server.Tests.Formats;

public class AcceptNegotiationTests
{
    private const string Browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

    private static string? Chosen(params string[] accept) =>
        AcceptNegotiation.Choose(accept.Length == 0 ? StringValues.Empty : new StringValues(accept))?.MediaType;

    [Theory]
    [InlineData(null)]
    [InlineData("*/*")]
    [InlineData("application/*")]
    [InlineData("application/json")]
    [InlineData("application/json; charset=utf-8")]
    [InlineData(Browser)]
    [InlineData("text/*")]
    [InlineData("text/csv;q=0, */*")]
    [InlineData("application/json, text/csv")]
    [InlineData("application/jsonl;q=0.5, */*")]
    [InlineData("not a media type at all ;;")]
    public void Choose_JsonOrAWildcard_IsJson(string? accept) =>
        (accept is null ? Chosen() : Chosen(accept)).ShouldBe("application/json");

    [Theory]
    [InlineData("text/csv")]
    [InlineData("TEXT/CSV; header=present")]
    [InlineData("text/csv, */*")]
    [InlineData("text/csv, application/json")]
    [InlineData("application/json;q=0.5, text/csv")]
    [InlineData("*/*;q=0.1, text/csv;q=0.2")]
    public void Choose_CsvNamedFirstOrPreferred_IsCsv(string accept) => Chosen(accept).ShouldBe("text/csv");

    [Theory]
    [InlineData("application/jsonl", "application/jsonl")]
    [InlineData("application/x-ndjson", "application/x-ndjson")]
    [InlineData("application/x-ndjson, application/jsonl", "application/x-ndjson")]
    [InlineData("application/jsonl;q=0.9, application/x-ndjson", "application/x-ndjson")]
    public void Choose_JsonLinesByEitherName_AnswersUnderTheNameAsked(string accept, string expected) =>
        Chosen(accept).ShouldBe(expected);

    [Fact]
    public void Choose_HeaderSplitOverSeveralLines_ReadsThemAsOneList() =>
        Chosen("application/json;q=0.1", "text/csv").ShouldBe("text/csv");

    [Theory]
    [InlineData("text/html")]
    [InlineData("application/xml, text/plain")]
    [InlineData("application/json;q=0")]
    [InlineData("*/*;q=0")]
    [InlineData("application/json;q=0, text/*")]
    [InlineData("*/*, application/json;q=0")]
    public void Choose_NothingPopcornWritesAndNoWildcard_IsNothing(string accept) => Chosen(accept).ShouldBeNull();
}

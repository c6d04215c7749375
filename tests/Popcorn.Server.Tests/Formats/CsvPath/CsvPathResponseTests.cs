namespace Popcorn.Server.Tests.Formats.CsvPath;

/// <summary>
/// <c>Accept: text/csv</c> on a model the generated CSV path covers, over HTTP: the exact bytes, whichever of the two
/// paths the selection takes.
/// </summary>
public class CsvPathResponseTests(PostingsServer server) : IClassFixture<PostingsServer>
{
    [Fact]
    public async Task Get_CsvOfPlainCells_WritesQuotedTextNullsAndNestedObjectsExactly()
    {
        var (status, contentType, body, _) = await FormatClient.GetAsync(server.Client, "/postings", "text/csv", "[memo,settled,batch,note,account[name,owner[displayName]]]");

        status.ShouldBe(200);
        contentType.ShouldBe("text/csv; charset=utf-8; header=present");
        body.ShouldBe(
            "id,memo,settled,batch,note,account.number,account.name,account.owner.displayName\r\n"
            + "1,plain,true,7,\"\",10,\"Cash, petty\",\"Zoë \"\"Z\"\" Ørsted\"\r\n"
            + "2,\"line\r\nbreak, and \"\"quotes\"\"\",false,,,11,<script>&'\u2028,\r\n"
            + "3,\"\",false,,emoji \U0001F600 tab\t,,,\r\n");
    }

    [Fact]
    public async Task Get_CsvWithADateAndAnEnum_WritesTheirJsonValuesBesideThePlainCells()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/postings", "text/csv", "[amount,bookedAt,kind]");

        status.ShouldBe(200);
        body.Split("\r\n")[1].ShouldBe("1,1.50,2026-01-02T03:04:05+02:00,Credit");
    }

    [Fact]
    public async Task Get_CsvOfDatesTimesAndGuids_WritesTheTextTheJsonHasWithTheFractionTrimmed()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(
            server.Client, "/postings", "text/csv", "[bookedAt,postedOn,settledOn,valueDate,cutOff,grace,reference]");

        status.ShouldBe(200);
        body.ShouldBe(
            "id,bookedAt,postedOn,settledOn,valueDate,cutOff,grace,reference\r\n"
            + "1,2026-01-02T03:04:05+02:00,2026-01-02T03:04:05.12Z,,2026-01-31,17:30:00,1.12:00:00,0f8fad5b-d9cb-469f-a165-70867728950e\r\n"
            + "2,2026-03-04T05:06:07.5-05:30,9999-12-31T23:59:59.9999999,2026-06-01T00:00:00.0000001,0001-01-01,23:59:59.9999999,"
            + "-00:00:00.0000001,00000000-0000-0000-0000-000000000000\r\n"
            + "3,0001-01-01T00:00:00+00:00,0001-01-01T00:00:00,,0001-01-01,00:00:00,00:00:00,00000000-0000-0000-0000-000000000000\r\n");
    }

    [Fact]
    public async Task Get_CsvOfTheWildcardLessItsList_NeverShowsTheNeverField()
    {
        var (status, _, body, _) = await FormatClient.GetAsync(server.Client, "/postings", "text/csv", "[!all,-labels]");

        status.ShouldBe(200);
        body.ShouldNotContain("auditor", Case.Insensitive);
        body.ShouldNotContain("secret");
    }
}

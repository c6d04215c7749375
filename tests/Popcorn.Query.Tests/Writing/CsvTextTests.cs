using System.Buffers;
using System.Text;

namespace Popcorn.Query.Tests.Writing;

public class CsvTextTests
{
    private static string Field(string value)
    {
        var output = new ArrayBufferWriter<byte>();
        CsvText.WriteText(output, Encoding.UTF8.GetBytes(value));
        return Encoding.UTF8.GetString(output.WrittenSpan);
    }

    [Theory]
    [InlineData("plain", "plain")]
    [InlineData("with space", "with space")]
    [InlineData("", "\"\"")]
    [InlineData("a,b", "\"a,b\"")]
    [InlineData("say \"hi\"", "\"say \"\"hi\"\"\"")]
    [InlineData("\"", "\"\"\"\"")]
    [InlineData("line\nbreak", "\"line\nbreak\"")]
    [InlineData("cr\rlf", "\"cr\rlf\"")]
    [InlineData("Zoë, née \"Ø\"", "\"Zoë, née \"\"Ø\"\"\"")]
    public void WriteText_QuotesOnlyWhatRfc4180Requires(string value, string expected) => Field(value).ShouldBe(expected);

    [Fact]
    public void HeaderRow_QuotesAnAliasThatNeedsIt_AndEndsWithCrLf() =>
        Encoding.UTF8.GetString(CsvText.HeaderRow(["id", "manager.firstName", "a,b"])).ShouldBe("id,manager.firstName,\"a,b\"\r\n");
}

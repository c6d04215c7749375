using System.Buffers;
using System.Text;
using System.Text.Json;
using Popcorn.Query;
using Popcorn.Query.Generated;

namespace Popcorn.Server.Tests.Formats.CsvPath;

/// <summary>
/// The generated CSV path against its oracle, the JSON read-back (the element's JSON as the generated writer writes it,
/// turned into a row by <see cref="CsvRowTranscoder"/>): the same bytes for every selection the path accepts, and the
/// path refused for every selection holding a cell only the JSON can give.
/// </summary>
public class CsvRowPathTests
{
    private static readonly TypeMetadata s_entry = PostingsJsonContext.PopcornMetadata.Posting;
    private static readonly PopcornTypeWriter<Posting> s_writer = PostingsJsonContext.PopcornWriters.PostingWriter.Instance;

    // Every member the CSV path writes, at every level; random selections are drawn from these.
    private static readonly string[] s_direct =
        ["id", "memo", "amount", "cents", "priority", "sequence", "offset", "settled", "batch", "note", "tag", "bookedAt", "postedOn",
            "settledOn", "valueDate", "cutOff", "grace", "reference", "__typename"];

    private static readonly string[] s_account = ["number", "name", "owner[displayName,code]", "owner", "__typename"];

    [Theory]
    [InlineData("")]
    [InlineData("[id]")]
    [InlineData("[!all,-kind,-rate,-labels]")]
    [InlineData("[bookedAt,postedOn,settledOn,valueDate,cutOff,grace,reference]")]
    [InlineData("[memo,account]")]
    [InlineData("[memo,account[name,owner[displayName,code]]]")]
    [InlineData("[m:memo,acct:account[n:name,owner[code]],note,tag,batch]")]
    [InlineData("{ __typename memo account { __typename owner { code } } }")]
    public void WriteCsvRow_AcceptedSelection_WritesTheReadBacksBytes(string selection)
    {
        var plan = Compile(selection);

        s_writer.CanWriteCsvRow(plan).ShouldBeTrue();
        Direct(plan).ShouldBe(ReadBack(plan));
    }

    [Fact]
    public void WriteCsvRow_RandomSelections_WriteTheReadBacksBytes()
    {
        var random = new Random(33);
        for (int round = 0; round < 200; round++)
        {
            var fields = s_direct.Where(_ => random.Next(2) == 0).ToList();
            if (random.Next(3) > 0)
            {
                var nested = s_account.Where(_ => random.Next(2) == 0).ToList();
                fields.Add(nested.Count == 0 ? "account" : $"account[{string.Join(',', nested)}]");
            }

            string selection = $"[{string.Join(',', fields)}]";
            var plan = Compile(selection);

            s_writer.CanWriteCsvRow(plan).ShouldBeTrue(selection);
            Direct(plan).ShouldBe(ReadBack(plan), selection);
        }
    }

    [Theory]
    [InlineData("[id,kind]")]
    [InlineData("[id,rate]")]
    [InlineData("[id,labels]")]
    [InlineData("[!all]")]
    public void CanWriteCsvRow_ACellOnlyTheJsonGives_IsRefused(string selection) =>
        s_writer.CanWriteCsvRow(Compile(selection)).ShouldBeFalse();

    [Fact]
    public void CanWriteCsvRow_PlanOfAnotherType_IsRefused() =>
        s_writer.CanWriteCsvRow(PlanCompiler.Compile(PostingsJsonContext.PopcornMetadata.PostingAccount, SelectionParser.Parse("[name]"))).ShouldBeFalse();

    [Fact]
    public void WriteCsvRow_NullElement_IsARowOfEmptyCellsOnePerColumn()
    {
        var plan = Compile("[memo,account[name,owner[code]]]");
        var output = new ArrayBufferWriter<byte>();

        s_writer.WriteCsvRow(new PopcornCsvRow(output), null, plan);

        // id, memo, account.number, account.name, account.owner.code: five empty cells.
        Encoding.UTF8.GetString(output.WrittenSpan).ShouldBe(",,,,\r\n");
        TableLayout.Of(plan).Columns.Count.ShouldBe(5);
    }

    [Fact]
    public void WriteCsvRow_TextThatIsNotUtf16_WritesWhatTheReadBackWrites()
    {
        var plan = Compile("[memo,note]");
        List<Posting?> entries = [new Posting { Id = 9, Memo = "lone \uD800 high", Note = "lone \uDC00 low, quoted" }];

        Direct(plan, entries).ShouldBe(ReadBack(plan, entries));
    }

    // Latin-1 maps each byte to one char, so two rows compare byte for byte (UTF-8 decoding would hide invalid bytes).
    private static string Bytes(ArrayBufferWriter<byte> output) => Encoding.Latin1.GetString(output.WrittenSpan);

    private static SelectionPlan Compile(string selection) =>
        PlanCompiler.Compile(s_entry, SelectionParser.Parse(selection));

    private static string Direct(SelectionPlan plan) => Direct(plan, [.. Postings.Entries, null]);

    private static string ReadBack(SelectionPlan plan) => ReadBack(plan, [.. Postings.Entries, null]);

    private static string Direct(SelectionPlan plan, List<Posting?> entries)
    {
        var output = new ArrayBufferWriter<byte>();
        var row = new PopcornCsvRow(output);
        foreach (var entry in entries)
        {
            s_writer.WriteCsvRow(row, entry, plan);
        }

        return Bytes(output);
    }

    private static string ReadBack(SelectionPlan plan, List<Posting?> entries)
    {
        var output = new ArrayBufferWriter<byte>();
        var scratch = new ArrayBufferWriter<byte>();
        using var json = new Utf8JsonWriter(scratch);
        var transcoder = new CsvRowTranscoder(TableLayout.Of(plan), maxDepth: 64);
        foreach (var entry in entries)
        {
            s_writer.Write(json, entry, plan);
            json.Flush();
            transcoder.Write(scratch.WrittenSpan, output);
            scratch.ResetWrittenCount();
            json.Reset();
        }

        return Bytes(output);
    }
}

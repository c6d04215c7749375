using System.Buffers;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>CSV: each element's JSON into a scratch buffer, read back by <see cref="CsvRowTranscoder"/> into one row on the body.</summary>
internal sealed class CsvRowSink : RowSink
{
    private readonly ResponseBody _body;
    private readonly TableLayout _layout;
    private readonly ArrayBufferWriter<byte> _row = new(1024);
    private readonly Utf8JsonWriter _json;
    private readonly CsvRowTranscoder _transcoder;

    public CsvRowSink(ResponseBody body, TableLayout layout, JsonWriterOptions options)
    {
        _body = body;
        _layout = layout;
        _json = new Utf8JsonWriter(_row, options);
        _transcoder = new CsvRowTranscoder(layout, options.MaxDepth == 0 ? 1000 : options.MaxDepth);
    }

    public override Utf8JsonWriter Json => _json;

    public override void Start() => _body.Write(CsvText.HeaderRow(_layout.Columns));

    public override void EndRow()
    {
        _json.Flush();
        _transcoder.Write(_row.WrittenSpan, _body);
        _row.ResetWrittenCount();
        _json.Reset();
    }

    public override void Dispose() => _json.Dispose();
}

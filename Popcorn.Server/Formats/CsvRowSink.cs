using System.Buffers;
using System.Text.Json;
using Popcorn.Query;
using Popcorn.Query.Generated;

namespace Popcorn.Server;

/// <summary>
/// CSV: rows written straight from the objects by the generated writer's CSV path (<see cref="Row"/>) when the plan
/// allows it, otherwise each element's JSON into a scratch buffer, read back by <see cref="CsvRowTranscoder"/> into one
/// row on the body. Both give the same bytes (docs/formats.md).
/// </summary>
internal sealed class CsvRowSink : RowSink
{
    private readonly ResponseBody _body;
    private readonly TableLayout _layout;
    private readonly JsonWriterOptions _options;
    private readonly PopcornCsvRow _row;

    // The read-back path's parts, made on its first row: a response the CSV path writes never needs them.
    private ArrayBufferWriter<byte>? _scratch;
    private Utf8JsonWriter? _json;
    private CsvRowTranscoder? _transcoder;

    public CsvRowSink(ResponseBody body, TableLayout layout, JsonWriterOptions options)
    {
        _body = body;
        _layout = layout;
        _options = options;
        _row = new PopcornCsvRow(body);
    }

    public override Utf8JsonWriter Json => _json ??= new Utf8JsonWriter(_scratch ??= new ArrayBufferWriter<byte>(1024), _options);

    public override PopcornCsvRow Row => _row;

    public override void Start() => _body.Write(CsvText.HeaderRow(_layout.Columns));

    public override void EndRow()
    {
        var json = Json;
        json.Flush();
        _transcoder ??= new CsvRowTranscoder(_layout, _options.MaxDepth == 0 ? 1000 : _options.MaxDepth);
        _transcoder.Write(_scratch!.WrittenSpan, _body);
        _scratch.ResetWrittenCount();
        json.Reset();
    }

    public override void Dispose() => _json?.Dispose();
}

using System.Buffers;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>JSON Lines: each element's JSON straight onto the body, then a line feed.</summary>
internal sealed class JsonLinesRowSink(ResponseBody body, JsonWriterOptions options) : RowSink
{
    private readonly Utf8JsonWriter _json = new(body, options);

    public override Utf8JsonWriter Json => _json;

    public override void Start()
    {
    }

    public override void EndRow()
    {
        // A Utf8JsonWriter writes one root value; Reset lets the next line start a new one on the same body.
        _json.Flush();
        body.Write("\n"u8);
        _json.Reset();
    }

    public override void Dispose() => _json.Dispose();
}

using System.Buffers;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Turns one row's JSON, as the generated writer wrote it for the plan, into one CSV row of the plan's
/// <see cref="TableLayout"/>. One per response: it keeps the row's cells between reading and writing them.
/// </summary>
/// <remarks>
/// The cells are read from what the generated JSON writer wrote rather than from the model, so a CSV cell is exactly
/// the JSON value (numbers, dates, enums, converters, <c>[Never]</c>, authorization and cycles all as JSON has them)
/// and no second writer per type has to be generated and kept equal to the first. The price is a second pass over the
/// row's bytes; docs/formats.md gives the measured cost against a hand-written CSV writer.
/// </remarks>
internal sealed class CsvRowTranscoder
{
    private enum Cell : byte
    {
        Missing,
        Literal,
        Text,
        Unescaped,
    }

    private readonly TableLayout _layout;
    private readonly Cell[] _kinds;
    private readonly int[] _starts;
    private readonly int[] _lengths;
    private readonly TableNode[] _stack;
    private readonly JsonReaderOptions _readerOptions;
    private byte[] _unescaped = new byte[256];
    private int _unescapedLength;

    public CsvRowTranscoder(TableLayout layout, int maxDepth)
    {
        _layout = layout;
        _kinds = new Cell[layout.Columns.Count];
        _starts = new int[layout.Columns.Count];
        _lengths = new int[layout.Columns.Count];
        _stack = new TableNode[layout.Depth + 1];
        _readerOptions = new JsonReaderOptions { MaxDepth = maxDepth };
    }

    /// <summary>Writes the row of <paramref name="json"/> (one object, or <c>null</c> for a null element: a row of empty cells).</summary>
    public void Write(ReadOnlySpan<byte> json, IBufferWriter<byte> output)
    {
        Array.Clear(_kinds);
        _unescapedLength = 0;
        Read(json);
        for (int column = 0; column < _kinds.Length; column++)
        {
            if (column > 0)
            {
                output.Write(","u8);
            }

            switch (_kinds[column])
            {
                case Cell.Literal:
                    output.Write(json.Slice(_starts[column], _lengths[column]));
                    break;
                case Cell.Text:
                    CsvText.WriteText(output, json.Slice(_starts[column], _lengths[column]));
                    break;
                case Cell.Unescaped:
                    CsvText.WriteText(output, _unescaped.AsSpan(_starts[column], _lengths[column]));
                    break;
            }
        }

        output.Write(CsvText.LineBreak);
    }

    private void Read(ReadOnlySpan<byte> json)
    {
        var reader = new Utf8JsonReader(json, _readerOptions);
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            return;
        }

        var node = _layout.Root;
        int depth = 0;
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.EndObject)
            {
                if (depth == 0)
                {
                    return;
                }

                node = _stack[--depth];
                continue;
            }

            int slot = node.Find(reader.ValueSpan);
            reader.Read();
            if (slot < 0)
            {
                reader.Skip();
                continue;
            }

            int column = node.ColumnAt(slot);
            if (column >= 0)
            {
                ReadCell(ref reader, column);
            }
            else if (reader.TokenType == JsonTokenType.StartObject)
            {
                _stack[depth++] = node;
                node = node.ChildAt(slot)!;
            }
            else
            {
                // null (a missing object, or one met again on its own path): its columns stay empty.
                reader.Skip();
            }
        }
    }

    private void ReadCell(ref Utf8JsonReader reader, int column)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.String when reader.ValueIsEscaped:
                int room = reader.ValueSpan.Length;
                if (_unescaped.Length - _unescapedLength < room)
                {
                    Array.Resize(ref _unescaped, Math.Max(_unescaped.Length * 2, _unescapedLength + room));
                }

                int written = reader.CopyString(_unescaped.AsSpan(_unescapedLength));
                Set(column, Cell.Unescaped, _unescapedLength, written);
                _unescapedLength += written;
                break;
            case JsonTokenType.String:
                Set(column, Cell.Text, (int)reader.TokenStartIndex + 1, reader.ValueSpan.Length);
                break;
            case JsonTokenType.Number:
            case JsonTokenType.True:
            case JsonTokenType.False:
                Set(column, Cell.Literal, (int)reader.TokenStartIndex, reader.ValueSpan.Length);
                break;
            case JsonTokenType.StartObject:
            case JsonTokenType.StartArray:
                // A value System.Text.Json writes whole (a JsonElement, a converter's object): its compact JSON text.
                int start = (int)reader.TokenStartIndex;
                reader.Skip();
                Set(column, Cell.Text, start, (int)reader.BytesConsumed - start);
                break;
        }
    }

    private void Set(int column, Cell kind, int start, int length)
    {
        _kinds[column] = kind;
        _starts[column] = start;
        _lengths[column] = length;
    }
}

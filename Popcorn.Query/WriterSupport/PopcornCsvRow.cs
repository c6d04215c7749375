using System.Buffers;
using System.Buffers.Text;
using System.ComponentModel;
using System.Globalization;
using System.Text.Unicode;

namespace Popcorn.Query.Generated;

/// <summary>
/// One CSV row as a generated writer's CSV path writes it: the cells of the selected leaves in column order, separated
/// by commas, quoted as RFC 4180 requires (<see cref="CsvText"/>), the row ended by CRLF. Each cell holds exactly the
/// text the JSON writer writes for the same value (a string without its JSON quotes and escapes), so the two CSV
/// paths, this one and the JSON read back, give the same bytes. Used by generated writers only.
/// </summary>
/// <remarks>
/// A row is put together in the row writer's own buffer and handed to the output in one write at its end: one
/// interface call per row rather than several per cell, which is most of what separates a generated row from one
/// written by hand into a buffer. The buffer grows to the longest row and is kept for the next.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class PopcornCsvRow
{
    // A UTF-16 char is at most 3 UTF-8 bytes (a surrogate pair is 4 bytes for 2 chars).
    private const int MaxUtf8BytesPerChar = 3;

    // The longest number a cell may hold, its separator included: decimal's 29 digits, sign and point fit easily.
    private const int MaxNumberBytes = 64;

    private readonly IBufferWriter<byte> _output;
    private byte[] _row = new byte[512];
    private int _length;
    private bool _started;

    /// <summary>A row writer over <paramref name="output"/>, reused for every row of one response.</summary>
    public PopcornCsvRow(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
    }

    /// <summary>Ends the row (CRLF) and writes it to the output; the next cell starts a new one.</summary>
    public void EndRow()
    {
        // Every cell's room kept two bytes spare past its end for this line break.
        if (_row.Length - _length < 2)
        {
            Array.Resize(ref _row, _length + 2);
        }

        _row[_length] = (byte)'\r';
        _row[_length + 1] = (byte)'\n';
        _output.Write(_row.AsSpan(0, _length + 2));
        _length = 0;
        _started = false;
    }

    /// <summary>A cell with no value: a null, or a member System.Text.Json leaves out.</summary>
    public void WriteEmpty() => Room(0);

    /// <summary>
    /// The empty cells of every column <paramref name="plan"/> has (a null nested object, or a null row), as many as
    /// the table's layout gives it: one per scalar, <c>__typename</c> or value written whole, and the columns of each
    /// nested object's plan.
    /// </summary>
    public void WriteEmpty(SelectionPlan plan)
    {
        ArgumentNullException.ThrowIfNull(plan);
        foreach (var planned in plan.Fields)
        {
            if (planned.Field is { Kind: FieldKind.Object } && planned.Child is { } child)
            {
                WriteEmpty(child);
            }
            else
            {
                Room(0);
            }
        }
    }

    /// <summary>A signed integer, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it.</summary>
    public void Write(long value)
    {
        Utf8Formatter.TryFormat(value, Room(MaxNumberBytes), out int written);
        _length += written;
    }

    /// <summary>An unsigned integer, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it.</summary>
    public void Write(ulong value)
    {
        Utf8Formatter.TryFormat(value, Room(MaxNumberBytes), out int written);
        _length += written;
    }

    /// <summary>A decimal, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it (its scale kept: <c>1.50</c>).</summary>
    public void Write(decimal value)
    {
        Utf8Formatter.TryFormat(value, Room(MaxNumberBytes), out int written);
        _length += written;
    }

    /// <summary>A date and time, as <c>Utf8JsonWriter.WriteStringValue</c> writes it (the fraction of a second trimmed).</summary>
    public void Write(DateTime value)
    {
        // Room first: it writes the cell's comma and moves _length, which `_length += ...` would have read before.
        int written = JsonDateText.Format(value, Room(JsonDateText.MaxBytes));
        _length += written;
    }

    /// <summary>A date, time and offset, as <c>Utf8JsonWriter.WriteStringValue</c> writes it (the fraction of a second trimmed).</summary>
    public void Write(DateTimeOffset value)
    {
        int written = JsonDateText.Format(value, Room(JsonDateText.MaxBytes));
        _length += written;
    }

    /// <summary>A date as <c>yyyy-MM-dd</c>, as the generated JSON writer writes it.</summary>
    public void Write(DateOnly value)
    {
        value.TryFormat(Room(MaxNumberBytes), out int written, "O", CultureInfo.InvariantCulture);
        _length += written;
    }

    /// <summary>A time of day in the constant ("c") format, as the generated JSON writer writes it.</summary>
    public void Write(TimeOnly value) => Write(value.ToTimeSpan());

    /// <summary>A time span in the constant ("c") format, as the generated JSON writer writes it.</summary>
    public void Write(TimeSpan value)
    {
        Utf8Formatter.TryFormat(value, Room(MaxNumberBytes), out int written, 'c');
        _length += written;
    }

    /// <summary>A GUID in its <c>D</c> format (lowercase), as <c>Utf8JsonWriter.WriteStringValue</c> writes it.</summary>
    public void Write(Guid value)
    {
        Utf8Formatter.TryFormat(value, Room(MaxNumberBytes), out int written);
        _length += written;
    }

    /// <summary><c>true</c> or <c>false</c>.</summary>
    public void Write(bool value)
    {
        var text = value ? "true"u8 : "false"u8;
        text.CopyTo(Room(text.Length));
        _length += text.Length;
    }

    /// <summary>
    /// A string as UTF-8, quoted only when it must be; null is an empty cell and an empty string <c>""</c>. A lone
    /// surrogate becomes U+FFFD, as it does when the JSON writer's <c>\uD800</c> escape is read back into a cell.
    /// </summary>
    public void Write(string? value)
    {
        if (value is null)
        {
            Room(0);
            return;
        }

        // Room for the text and, past it, for the text quoted in the worst case: quoting writes there, then moves it back.
        int most = value.Length * MaxUtf8BytesPerChar;
        var room = Room(most + CsvText.QuotedLength(most));
        Utf8.FromUtf16(value, room, out _, out int written, replaceInvalidSequences: true);
        var text = room[..written];
        if (written > 0 && text.IndexOfAny(CsvText.MustQuote) < 0)
        {
            _length += written;
            return;
        }

        int quoted = CsvText.WriteQuoted(text, room[most..]);
        room.Slice(most, quoted).CopyTo(room);
        _length += quoted;
    }

    /// <summary>Pre-encoded UTF-8 text, quoted only when it must be.</summary>
    public void WriteUtf8(ReadOnlySpan<byte> value)
    {
        var room = Room(CsvText.QuotedLength(value.Length));
        if (!value.IsEmpty && value.IndexOfAny(CsvText.MustQuote) < 0)
        {
            value.CopyTo(room);
            _length += value.Length;
            return;
        }

        _length += CsvText.WriteQuoted(value, room);
    }

    /// <summary>
    /// Starts a cell (its comma, after the row's first) and returns at least <paramref name="bytes"/> bytes to write
    /// it into, at the row's end. The caller adds what it wrote to <see cref="_length"/>.
    /// </summary>
    private Span<byte> Room(int bytes)
    {
        int needed = _length + 1 + bytes + 2;
        if (needed > _row.Length)
        {
            Array.Resize(ref _row, Math.Max(needed, _row.Length * 2));
        }

        if (_started)
        {
            _row[_length++] = (byte)',';
        }

        _started = true;
        return _row.AsSpan(_length);
    }
}

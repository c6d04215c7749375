using System.Buffers;
using System.Buffers.Text;
using System.ComponentModel;
using System.Text.Unicode;

namespace Popcorn.Query.Generated;

/// <summary>
/// One CSV row as a generated writer's CSV path writes it: the cells of the selected leaves in column order, separated
/// by commas, quoted as RFC 4180 requires (<see cref="CsvText"/>), the row ended by CRLF. Each cell holds exactly the
/// text the JSON writer writes for the same value (a string without its JSON quotes and escapes), so the two CSV
/// paths, this one and the JSON read back, give the same bytes. Used by generated writers only.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class PopcornCsvRow
{
    // A UTF-16 char is at most 3 UTF-8 bytes (a surrogate pair is 4 bytes for 2 chars).
    private const int MaxUtf8BytesPerChar = 3;

    // The longest number a cell may hold: decimal's 29 digits, its sign, point and exponent fit easily.
    private const int MaxNumberBytes = 64;

    private readonly IBufferWriter<byte> _output;
    private byte[] _scratch = [];
    private bool _started;

    /// <summary>A row writer over <paramref name="output"/>, reused for every row of one response.</summary>
    public PopcornCsvRow(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
    }

    /// <summary>Ends the row (CRLF); the next cell starts a new one.</summary>
    public void EndRow()
    {
        _output.Write(CsvText.LineBreak);
        _started = false;
    }

    /// <summary>A cell with no value: a null, or a member System.Text.Json leaves out.</summary>
    public void WriteEmpty() => Separate();

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
                Separate();
            }
        }
    }

    /// <summary>A signed integer, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it.</summary>
    public void Write(long value)
    {
        Separate();
        var span = _output.GetSpan(MaxNumberBytes);
        Utf8Formatter.TryFormat(value, span, out int written);
        _output.Advance(written);
    }

    /// <summary>An unsigned integer, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it.</summary>
    public void Write(ulong value)
    {
        Separate();
        var span = _output.GetSpan(MaxNumberBytes);
        Utf8Formatter.TryFormat(value, span, out int written);
        _output.Advance(written);
    }

    /// <summary>A decimal, as <c>Utf8JsonWriter.WriteNumberValue</c> writes it (its scale kept: <c>1.50</c>).</summary>
    public void Write(decimal value)
    {
        Separate();
        var span = _output.GetSpan(MaxNumberBytes);
        Utf8Formatter.TryFormat(value, span, out int written);
        _output.Advance(written);
    }

    /// <summary><c>true</c> or <c>false</c>.</summary>
    public void Write(bool value)
    {
        Separate();
        _output.Write(value ? "true"u8 : "false"u8);
    }

    /// <summary>
    /// A string as UTF-8, quoted only when it must be; null is an empty cell and an empty string <c>""</c>. A lone
    /// surrogate becomes U+FFFD, as it does when the JSON writer's <c>\uD800</c> escape is read back into a cell.
    /// </summary>
    public void Write(string? value)
    {
        Separate();
        if (value is null)
        {
            return;
        }

        int room = value.Length * MaxUtf8BytesPerChar;
        var span = _output.GetSpan(room);
        Utf8.FromUtf16(value, span, out _, out int written, replaceInvalidSequences: true);

        if (written > 0 && span[..written].IndexOfAny(CsvText.MustQuote) < 0)
        {
            _output.Advance(written);
            return;
        }

        // The text must be quoted (or is empty): it goes through the quoting writer from a copy, since that writer
        // writes into the very span the text was transcoded into.
        if (_scratch.Length < written)
        {
            _scratch = new byte[Math.Max(written, 256)];
        }

        span[..written].CopyTo(_scratch);
        CsvText.WriteText(_output, _scratch.AsSpan(0, written));
    }

    /// <summary>Pre-encoded UTF-8 text (a type name), quoted only when it must be.</summary>
    public void WriteUtf8(ReadOnlySpan<byte> value)
    {
        Separate();
        CsvText.WriteText(_output, value);
    }

    private void Separate()
    {
        if (_started)
        {
            _output.Write(","u8);
        }

        _started = true;
    }
}

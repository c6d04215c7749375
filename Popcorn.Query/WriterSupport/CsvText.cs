using System.Buffers;

namespace Popcorn.Query;

/// <summary>RFC 4180 fields: quoted only when they must be, quotes doubled inside, rows ended by CRLF.</summary>
internal static class CsvText
{
    /// <summary>The line break RFC 4180 prescribes between rows.</summary>
    public static ReadOnlySpan<byte> LineBreak => "\r\n"u8;

    /// <summary>The bytes that make a field need quotes (RFC 4180, section 2, rules 5-7).</summary>
    public static SearchValues<byte> MustQuote { get; } = SearchValues.Create(",\"\r\n"u8);

    /// <summary>
    /// Writes <paramref name="value"/> (UTF-8 text) as one field. An empty string is written <c>""</c>, so it stays
    /// distinct from a missing value (null), which is written as nothing: readers such as PostgreSQL's <c>COPY ... CSV</c>
    /// read the two back as <c>''</c> and <c>NULL</c>.
    /// </summary>
    public static void WriteText(IBufferWriter<byte> output, ReadOnlySpan<byte> value)
    {
        int special = value.IndexOfAny(MustQuote);
        if (special < 0 && !value.IsEmpty)
        {
            output.Write(value);
            return;
        }

        var span = output.GetSpan(QuotedLength(value.Length));
        output.Advance(WriteQuoted(value, span));
    }

    /// <summary>The most bytes <see cref="WriteQuoted"/> writes for a value of <paramref name="length"/> bytes: every byte a quote, doubled, plus the two enclosing quotes.</summary>
    public static int QuotedLength(int length) => length * 2 + 2;

    /// <summary>Writes <paramref name="value"/> quoted, quotes doubled inside, into <paramref name="destination"/>; returns the bytes written.</summary>
    public static int WriteQuoted(ReadOnlySpan<byte> value, Span<byte> destination)
    {
        int length = 0;
        destination[length++] = (byte)'"';
        while (true)
        {
            int quote = value.IndexOf((byte)'"');
            var run = quote < 0 ? value : value[..(quote + 1)];
            run.CopyTo(destination[length..]);
            length += run.Length;
            if (quote < 0)
            {
                break;
            }

            destination[length++] = (byte)'"';
            value = value[(quote + 1)..];
        }

        destination[length++] = (byte)'"';
        return length;
    }

    /// <summary>The header row: each column name as a field, then the line break.</summary>
    public static byte[] HeaderRow(IReadOnlyList<string> columns)
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < columns.Count; i++)
        {
            if (i > 0)
            {
                buffer.Write(","u8);
            }

            WriteText(buffer, System.Text.Encoding.UTF8.GetBytes(columns[i]));
        }

        buffer.Write(LineBreak);
        return buffer.WrittenSpan.ToArray();
    }
}

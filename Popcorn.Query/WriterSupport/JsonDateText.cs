using System.Buffers.Text;

namespace Popcorn.Query.Generated;

/// <summary>
/// A <see cref="DateTime"/> or <see cref="DateTimeOffset"/> as <c>Utf8JsonWriter.WriteStringValue</c> writes it, without
/// the quotes: the round-trip ("O") text with its fraction of a second trimmed of trailing zeros, and left out when it
/// is zero (<c>2026-01-02T03:04:05.12Z</c>, <c>2026-01-02T03:04:05+02:00</c>). The CSV path writes dates with it so
/// that its cells equal the JSON read-back's.
/// </summary>
internal static class JsonDateText
{
    /// <summary>The longest text: <c>yyyy-MM-ddTHH:mm:ss.fffffff+hh:mm</c>.</summary>
    public const int MaxBytes = 33;

    // "yyyy-MM-ddTHH:mm:ss" is 19 bytes; the "O" format then always writes '.' and seven digits.
    private const int FractionStart = 19;
    private const int FractionEnd = FractionStart + 8;

    /// <summary>Writes <paramref name="value"/> into <paramref name="destination"/> (at least <see cref="MaxBytes"/>) and returns its length.</summary>
    public static int Format(DateTime value, Span<byte> destination)
    {
        Utf8Formatter.TryFormat(value, destination, out int written, 'O');
        return Trim(destination, written);
    }

    /// <inheritdoc cref="Format(DateTime, Span{byte})"/>
    public static int Format(DateTimeOffset value, Span<byte> destination)
    {
        Utf8Formatter.TryFormat(value, destination, out int written, 'O');
        return Trim(destination, written);
    }

    // Drops the fraction's trailing zeros (and its point when nothing is left), then moves the zone ("Z", "+hh:mm" or
    // nothing) up behind what remains: what System.Text.Json's own trimming does.
    private static int Trim(Span<byte> text, int length)
    {
        int end = FractionEnd;
        while (end > FractionStart + 1 && text[end - 1] == (byte)'0')
        {
            end--;
        }

        if (end == FractionStart + 1)
        {
            end = FractionStart;
        }

        int zone = length - FractionEnd;
        text.Slice(FractionEnd, zone).CopyTo(text[end..]);
        return end + zone;
    }
}

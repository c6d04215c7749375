using System.Globalization;
using System.Text;

namespace Popcorn.Query;

/// <summary>
/// The sort key values inside a cursor: per value a byte (0 null, 1 present), then its invariant round-trip text,
/// length-prefixed. Read back as the field's own type, so a cursor's values reach SQL as typed parameters.
/// </summary>
internal static class CursorValues
{
    public static void Write(List<byte> payload, IReadOnlyList<object?> values)
    {
        foreach (object? value in values)
        {
            if (value is null)
            {
                payload.Add(0);
                continue;
            }

            byte[] text = Encoding.UTF8.GetBytes(Format(value));
            payload.Add(1);
            payload.AddRange(BitConverter.GetBytes(text.Length));
            payload.AddRange(text);
        }
    }

    public static bool TryRead(ReadOnlySpan<byte> payload, IReadOnlyList<SortKey> keys, out object?[] values)
    {
        values = new object?[keys.Count];
        int at = 0;
        for (int i = 0; i < keys.Count; i++)
        {
            if (at >= payload.Length)
            {
                return false;
            }

            if (payload[at++] == 0)
            {
                continue;
            }

            if (at + 4 > payload.Length)
            {
                return false;
            }

            int length = BitConverter.ToInt32(payload.Slice(at, 4));
            at += 4;
            if (length < 0 || at + length > payload.Length || !TryParse(Encoding.UTF8.GetString(payload.Slice(at, length)), keys[i].Field.ValueType!, out values[i]))
            {
                return false;
            }

            at += length;
        }

        return at == payload.Length;
    }

    private static string Format(object value) => value switch
    {
        string text => text,
        DateTime time => time.ToString("O", CultureInfo.InvariantCulture),
        DateTimeOffset time => time.ToString("O", CultureInfo.InvariantCulture),
        DateOnly date => date.ToString("O", CultureInfo.InvariantCulture),
        TimeOnly time => time.ToString("O", CultureInfo.InvariantCulture),
        TimeSpan span => span.ToString("c", CultureInfo.InvariantCulture),
        double real => real.ToString("R", CultureInfo.InvariantCulture),
        float real => real.ToString("R", CultureInfo.InvariantCulture),
        Enum member => Convert.ToDecimal(member, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };

    private static bool TryParse(string text, Type type, out object? value)
    {
        var invariant = CultureInfo.InvariantCulture;
        type = Nullable.GetUnderlyingType(type) ?? type;
        value = null;
        try
        {
            value = type == typeof(string) ? text
                : type == typeof(bool) ? bool.Parse(text)
                : type == typeof(DateTime) ? DateTime.Parse(text, invariant, DateTimeStyles.RoundtripKind)
                : type == typeof(DateTimeOffset) ? DateTimeOffset.Parse(text, invariant, DateTimeStyles.RoundtripKind)
                : type == typeof(DateOnly) ? DateOnly.ParseExact(text, "O", invariant)
                : type == typeof(TimeOnly) ? TimeOnly.ParseExact(text, "O", invariant)
                : type == typeof(TimeSpan) ? TimeSpan.ParseExact(text, "c", invariant)
                : type == typeof(Guid) ? Guid.Parse(text)
                : type == typeof(double) ? double.Parse(text, NumberStyles.Float, invariant)
                : type == typeof(float) ? float.Parse(text, NumberStyles.Float, invariant)
                : type.IsEnum ? Enum.ToObject(type, Convert.ChangeType(decimal.Parse(text, invariant), Enum.GetUnderlyingType(type), invariant))
                : Convert.ChangeType(decimal.Parse(text, NumberStyles.Float, invariant), type, invariant);
            return true;
        }
        catch (Exception error) when (error is FormatException or OverflowException or InvalidCastException or ArgumentException)
        {
            return false;
        }
    }
}

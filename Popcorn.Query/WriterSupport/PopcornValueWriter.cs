using System.Buffers.Text;
using System.ComponentModel;
using System.Globalization;
using System.Text.Json;

namespace Popcorn.Query.Generated;

/// <summary>
/// Writes the values <see cref="Utf8JsonWriter"/> has no typed call for, byte-identical to
/// System.Text.Json's converters, without allocating. Called by generated writers only.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class PopcornValueWriter
{
    /// <summary>Refuses a null element of a list whose plan requires its elements (<see cref="PlannedField.ElementsRequired"/>).</summary>
    /// <exception cref="PopcornNullElementException">Always.</exception>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    public static void ThrowNullElement(PlannedField field)
    {
        ArgumentNullException.ThrowIfNull(field);
        throw new PopcornNullElementException(field.Field!);
    }

    /// <summary>A <see cref="char"/> as a one-character string.</summary>
    public static void WriteChar(Utf8JsonWriter writer, JsonEncodedText name, char value) =>
        writer.WriteString(name, new ReadOnlySpan<char>(in value));

    /// <summary>A <see cref="char"/> as a one-character string.</summary>
    public static void WriteCharValue(Utf8JsonWriter writer, char value) =>
        writer.WriteStringValue(new ReadOnlySpan<char>(in value));

    /// <summary>A <see cref="DateOnly"/> as <c>yyyy-MM-dd</c>.</summary>
    public static void WriteDateOnly(Utf8JsonWriter writer, JsonEncodedText name, DateOnly value)
    {
        Span<byte> buffer = stackalloc byte[16];
        value.TryFormat(buffer, out int written, "O", CultureInfo.InvariantCulture);
        writer.WriteString(name, buffer[..written]);
    }

    /// <summary>A <see cref="DateOnly"/> as <c>yyyy-MM-dd</c>.</summary>
    public static void WriteDateOnlyValue(Utf8JsonWriter writer, DateOnly value)
    {
        Span<byte> buffer = stackalloc byte[16];
        value.TryFormat(buffer, out int written, "O", CultureInfo.InvariantCulture);
        writer.WriteStringValue(buffer[..written]);
    }

    /// <summary>A <see cref="TimeOnly"/> in the constant ("c") format of its time of day.</summary>
    public static void WriteTimeOnly(Utf8JsonWriter writer, JsonEncodedText name, TimeOnly value) =>
        WriteTimeSpan(writer, name, value.ToTimeSpan());

    /// <summary>A <see cref="TimeOnly"/> in the constant ("c") format of its time of day.</summary>
    public static void WriteTimeOnlyValue(Utf8JsonWriter writer, TimeOnly value) =>
        WriteTimeSpanValue(writer, value.ToTimeSpan());

    /// <summary>A <see cref="TimeSpan"/> in the constant ("c") format.</summary>
    public static void WriteTimeSpan(Utf8JsonWriter writer, JsonEncodedText name, TimeSpan value)
    {
        Span<byte> buffer = stackalloc byte[32];
        Utf8Formatter.TryFormat(value, buffer, out int written, 'c');
        writer.WriteString(name, buffer[..written]);
    }

    /// <summary>A <see cref="TimeSpan"/> in the constant ("c") format.</summary>
    public static void WriteTimeSpanValue(Utf8JsonWriter writer, TimeSpan value)
    {
        Span<byte> buffer = stackalloc byte[32];
        Utf8Formatter.TryFormat(value, buffer, out int written, 'c');
        writer.WriteStringValue(buffer[..written]);
    }

    /// <summary>A signed integer dictionary key.</summary>
    public static void WritePropertyName(Utf8JsonWriter writer, long key)
    {
        Span<byte> buffer = stackalloc byte[24];
        Utf8Formatter.TryFormat(key, buffer, out int written);
        writer.WritePropertyName(buffer[..written]);
    }

    /// <summary>An unsigned integer dictionary key.</summary>
    public static void WritePropertyName(Utf8JsonWriter writer, ulong key)
    {
        Span<byte> buffer = stackalloc byte[24];
        Utf8Formatter.TryFormat(key, buffer, out int written);
        writer.WritePropertyName(buffer[..written]);
    }

    /// <summary>A <see cref="Guid"/> dictionary key, in the "D" format.</summary>
    public static void WritePropertyName(Utf8JsonWriter writer, Guid key)
    {
        Span<byte> buffer = stackalloc byte[36];
        Utf8Formatter.TryFormat(key, buffer, out int written);
        writer.WritePropertyName(buffer[..written]);
    }

    /// <summary>A <see cref="bool"/> dictionary key: <c>true</c> or <c>false</c>.</summary>
    public static void WritePropertyName(Utf8JsonWriter writer, bool key) =>
        writer.WritePropertyName(key ? "true"u8 : "false"u8);

    /// <summary>A <see cref="char"/> dictionary key.</summary>
    public static void WritePropertyName(Utf8JsonWriter writer, char key) =>
        writer.WritePropertyName(new ReadOnlySpan<char>(in key));
}

using System.Buffers;
using System.Text.Json;
using System.Text.Unicode;

namespace Popcorn.Server;

/// <summary>
/// Copies one non-null scalar of a service's answer when it is a value of the type its schema declares: a value
/// System.Text.Json reads as that type (an <c>int</c> is a whole number in its range, a <c>DateTimeOffset</c> an ISO 8601
/// date and time, a <c>Guid</c> a UUID). A type the gateway does not know (an enum) takes any scalar.
/// </summary>
internal static class UpstreamScalarCopy
{
    /// <summary>
    /// Writes the reader's current scalar when it is a <paramref name="scalar"/>; otherwise writes nothing and returns
    /// what was expected (<c>a 32-bit integer</c>), for the caller's error.
    /// </summary>
    public static string? TryWrite(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar)
    {
        var token = UpstreamScalars.TokenOf(scalar);
        switch (reader.TokenType)
        {
            case JsonTokenType.Number when token is UpstreamToken.Number or UpstreamToken.Any && UpstreamScalarValues.Reads(ref reader, scalar):
                writer.WriteRawValue(reader.ValueSpan, skipInputValidation: true);
                return null;
            case JsonTokenType.String when token is UpstreamToken.String or UpstreamToken.Any && UpstreamScalarValues.Reads(ref reader, scalar):
                if (!reader.HasValueSequence && Utf8.IsValid(reader.ValueSpan))
                {
                    WriteAsWritten(writer, reader.ValueSpan);
                }
                else if (reader.ValueIsEscaped)
                {
                    writer.WriteStringValue(reader.GetString());
                }
                else
                {
                    writer.WriteStringValue(reader.ValueSpan);
                }

                return null;
            case JsonTokenType.True or JsonTokenType.False when token is UpstreamToken.Boolean or UpstreamToken.Any:
                writer.WriteBooleanValue(reader.TokenType == JsonTokenType.True);
                return null;
            default:
                return UpstreamScalarValues.Expected(scalar);
        }
    }

    /// <summary>
    /// Copies a string as the service wrote it, escapes included, rather than decoding it and escaping it again: the
    /// text is valid JSON (the reader checked its escapes and control characters, <see cref="Utf8.IsValid"/> its
    /// encoding), and the client gets the service's bytes (a date's <c>+00:00</c> stays <c>+00:00</c>, not
    /// <c>\u002B00:00</c>) for less work. Invalid UTF-8 takes the writer's path, which refuses it.
    /// </summary>
    private static void WriteAsWritten(Utf8JsonWriter writer, ReadOnlySpan<byte> text)
    {
        int length = text.Length + 2;
        byte[]? rented = length > 256 ? ArrayPool<byte>.Shared.Rent(length) : null;
        Span<byte> quoted = rented is null ? stackalloc byte[256] : rented;
        quoted[0] = (byte)'"';
        text.CopyTo(quoted[1..]);
        quoted[length - 1] = (byte)'"';
        writer.WriteRawValue(quoted[..length], skipInputValidation: true);
        if (rented is not null)
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }
}

using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Server;

/// <summary>
/// Whether a service's scalar is a value of its declared type, by System.Text.Json's own reading of that type: the
/// rule a .NET client reading the gateway's answer applies, so what passes the gateway also reads there. Only the
/// token's text is parsed (no value is kept); the reader does not move.
/// </summary>
internal static class UpstreamScalarValues
{
    private static readonly JsonSerializerOptions s_options = new(); // the converters below read no option

    /// <summary>Whether the reader's current number or string is a <paramref name="scalar"/> (its JSON token is checked by the caller).</summary>
    public static bool Reads(ref Utf8JsonReader reader, UpstreamScalar scalar) => scalar switch
    {
        UpstreamScalar.Byte => reader.TryGetByte(out _),
        UpstreamScalar.SByte => reader.TryGetSByte(out _),
        UpstreamScalar.Int16 => reader.TryGetInt16(out _),
        UpstreamScalar.UInt16 => reader.TryGetUInt16(out _),
        UpstreamScalar.Int32 => reader.TryGetInt32(out _),
        UpstreamScalar.UInt32 => reader.TryGetUInt32(out _),
        UpstreamScalar.Int64 => reader.TryGetInt64(out _),
        UpstreamScalar.UInt64 => reader.TryGetUInt64(out _),
        UpstreamScalar.Single => reader.TryGetSingle(out _), // finite only, as the reader's own check
        UpstreamScalar.Double => reader.TryGetDouble(out _),
        UpstreamScalar.Decimal => reader.TryGetDecimal(out _),
        UpstreamScalar.DateTime => reader.TryGetDateTime(out _),
        UpstreamScalar.DateTimeOffset => reader.TryGetDateTimeOffset(out _),
        UpstreamScalar.Guid => reader.TryGetGuid(out _),
        UpstreamScalar.Char => Converts(reader, JsonMetadataServices.CharConverter),
        UpstreamScalar.DateOnly => Converts(reader, JsonMetadataServices.DateOnlyConverter),
        UpstreamScalar.TimeOnly => Converts(reader, JsonMetadataServices.TimeOnlyConverter),
        UpstreamScalar.TimeSpan => Converts(reader, JsonMetadataServices.TimeSpanConverter),
        _ => true, // Any and String: every string (the reader has checked its escapes), every scalar
    };

    /// <summary>What a value of <paramref name="scalar"/> looks like, for the field's error ("expected ...").</summary>
    public static string Expected(UpstreamScalar scalar) => scalar switch
    {
        UpstreamScalar.Byte => "a whole number from 0 to 255",
        UpstreamScalar.SByte => "a whole number from -128 to 127",
        UpstreamScalar.Int16 => "a 16-bit integer",
        UpstreamScalar.UInt16 => "a whole number from 0 to 65535",
        UpstreamScalar.Int32 => "a 32-bit integer",
        UpstreamScalar.UInt32 => "a whole number from 0 to 4294967295",
        UpstreamScalar.Int64 => "a 64-bit integer",
        UpstreamScalar.UInt64 => "a whole number from 0 to 18446744073709551615",
        UpstreamScalar.Single or UpstreamScalar.Double => "a finite number",
        UpstreamScalar.Decimal => "a number in a decimal's range",
        UpstreamScalar.String => "a string",
        UpstreamScalar.Char => "a string of one character",
        UpstreamScalar.DateTime or UpstreamScalar.DateTimeOffset => "an ISO 8601 date and time",
        UpstreamScalar.DateOnly => "a date, YYYY-MM-DD",
        UpstreamScalar.TimeOnly => "a time of day, hh:mm:ss",
        UpstreamScalar.TimeSpan => "a duration, [d.]hh:mm:ss",
        UpstreamScalar.Guid => "a UUID",
        UpstreamScalar.Boolean => "true or false",
        _ => "a scalar",
    };

    /// <summary>
    /// The types the reader has no <c>TryGet</c> for are read by System.Text.Json's own converter; a value it refuses
    /// throws, which only a value breaking the schema pays (the field fails then anyway).
    /// </summary>
    private static bool Converts<T>(Utf8JsonReader reader, JsonConverter<T> converter)
    {
        try
        {
            converter.Read(ref reader, typeof(T), s_options);
            return true;
        }
        catch (Exception e) when (e is JsonException or FormatException or InvalidOperationException)
        {
            return false;
        }
    }
}

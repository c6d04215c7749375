using System.Text.Json;

namespace Popcorn.Server;

/// <summary>Copies one non-null scalar of a service's answer when its JSON kind is the one its schema declares.</summary>
internal static class UpstreamScalarCopy
{
    /// <summary>
    /// Writes the reader's current scalar when it is a <paramref name="scalar"/>; otherwise writes nothing and returns
    /// what was expected (<c>a number</c>), for the caller's error.
    /// </summary>
    public static string? TryWrite(ref Utf8JsonReader reader, Utf8JsonWriter writer, UpstreamScalar scalar)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.Number when scalar is UpstreamScalar.Number or UpstreamScalar.Any:
                writer.WriteRawValue(reader.ValueSpan, skipInputValidation: true);
                return null;
            case JsonTokenType.String when scalar is UpstreamScalar.String or UpstreamScalar.Any:
                if (reader.ValueIsEscaped)
                {
                    writer.WriteStringValue(reader.GetString());
                }
                else
                {
                    writer.WriteStringValue(reader.ValueSpan);
                }

                return null;
            case JsonTokenType.True or JsonTokenType.False when scalar is UpstreamScalar.Boolean or UpstreamScalar.Any:
                writer.WriteBooleanValue(reader.TokenType == JsonTokenType.True);
                return null;
            default:
                return scalar switch
                {
                    UpstreamScalar.Number => "a number",
                    UpstreamScalar.String => "a string",
                    UpstreamScalar.Boolean => "true or false",
                    _ => "a scalar",
                };
        }
    }
}

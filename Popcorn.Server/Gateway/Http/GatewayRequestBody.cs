using System.Diagnostics.CodeAnalysis;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// The fast path for a GraphQL-over-HTTP POST body: one pass of a <see cref="Utf8JsonReader"/> over a well-formed
/// <c>{"query", "operationName", "variables", "extensions"}</c> object, with no <see cref="JsonDocument"/> for the
/// whole body. Anything else (malformed JSON, a repeated or unknown key, a value of the wrong type, a malformed
/// persisted query) is left to <see cref="GatewayRequest"/>'s document path, which answers it with the same error as
/// always: this path only ever accepts a body that path accepts, with the same result.
/// </summary>
/// <remarks>
/// Counted in process (bench/callgrind), building the document, looking its four keys up by UTF-16 name and checking
/// it for duplicate keys took about 4,500 of a small gateway request's 33,000 instructions. The variables and
/// extensions objects, when sent, are still parsed as documents (with duplicate keys refused), from their own bytes only.
/// </remarks>
internal static class GatewayRequestBody
{
    private const int Query = 1;
    private const int OperationName = 2;
    private const int Variables = 4;
    private const int Extensions = 8;

    /// <summary>
    /// Reads <paramref name="body"/> when it is a valid request of the usual shape; false sends it to the document path
    /// (which then accepts or refuses it itself).
    /// </summary>
    /// <param name="body">The whole body.</param>
    /// <param name="options">The document options the document path uses (the depth limit and duplicate keys refused).</param>
    /// <param name="request">The request read, when true.</param>
    public static bool TryRead(ReadOnlyMemory<byte> body, JsonDocumentOptions options, [NotNullWhen(true)] out GatewayRequest? request)
    {
        try
        {
            request = Read(body, options);
        }
        catch (Exception e) when (e is JsonException or InvalidOperationException)
        {
            // Malformed JSON, or a string that is not valid Unicode: the document path words the error.
            request = null;
        }

        return request is not null;
    }

    /// <summary>The request, or null when the body is not a valid request of the usual shape.</summary>
    private static GatewayRequest? Read(ReadOnlyMemory<byte> body, JsonDocumentOptions options)
    {
        var reader = new Utf8JsonReader(body.Span, new JsonReaderOptions { MaxDepth = options.MaxDepth });
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            return null;
        }

        int seen = 0;
        string? query = null;
        string? operationName = null;
        Range? variables = null;
        Range? extensions = null;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            int key = KeyOf(ref reader);
            if (key == 0 || (seen & key) != 0)
            {
                return null;
            }

            seen |= key;
            reader.Read();
            bool valid = key switch
            {
                Query => TryReadString(ref reader, out query),
                OperationName => TryReadString(ref reader, out operationName),
                Variables => TrySkipObject(ref reader, out variables),
                _ => TrySkipObject(ref reader, out extensions),
            };
            if (!valid)
            {
                return null;
            }
        }

        // The loop ends at the object's end; anything after it but whitespace throws here, as in JsonDocument.Parse.
        if (reader.TokenType != JsonTokenType.EndObject || reader.Read())
        {
            return null;
        }

        string? hash = null;
        if (extensions is { } extensionsRange)
        {
            using var document = JsonDocument.Parse(body[extensionsRange], options);
            if (!GatewayRequest.TryReadPersistedQueryHash(document.RootElement, out hash))
            {
                return null;
            }
        }

        var variableValues = default(JsonElement);
        if (variables is { } variablesRange)
        {
            using var document = JsonDocument.Parse(body[variablesRange], options);
            variableValues = document.RootElement.Clone();
        }

        return new GatewayRequest(query, variableValues, operationName, hash);
    }

    private static int KeyOf(ref Utf8JsonReader reader) =>
        reader.ValueTextEquals("query"u8) ? Query
        : reader.ValueTextEquals("variables"u8) ? Variables
        : reader.ValueTextEquals("operationName"u8) ? OperationName
        : reader.ValueTextEquals("extensions"u8) ? Extensions
        : 0;

    /// <summary>A string (read) or null; false for any other value.</summary>
    private static bool TryReadString(ref Utf8JsonReader reader, out string? value)
    {
        value = reader.TokenType == JsonTokenType.String ? reader.GetString() : null;
        return reader.TokenType is JsonTokenType.String or JsonTokenType.Null;
    }

    /// <summary>An object (skipped, its bytes' range kept) or null (no range); false for any other value.</summary>
    private static bool TrySkipObject(ref Utf8JsonReader reader, out Range? range)
    {
        range = null;
        if (reader.TokenType == JsonTokenType.Null)
        {
            return true;
        }

        if (reader.TokenType != JsonTokenType.StartObject)
        {
            return false;
        }

        int start = (int)reader.TokenStartIndex;
        reader.Skip();
        range = start..(int)reader.BytesConsumed;
        return true;
    }
}

using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Popcorn.Server;

/// <summary>
/// The parameters of a GraphQL-over-HTTP request, read from the query string (GET) or a JSON body (POST); with
/// <see cref="PersistedQueryHash"/> from Apollo's <c>extensions.persistedQuery.sha256Hash</c> when the client sent one.
/// </summary>
internal sealed record GatewayRequest(string? Query, JsonElement Variables, string? OperationName, string? PersistedQueryHash = null)
{
    /// <summary>The status of a request whose client went away while it was read (nginx's "client closed request"): nothing is answered.</summary>
    public const int ClientGone = 499;

    private const string JsonMediaType = "application/json";

    /// <summary>Duplicate keys are refused (<c>{"query":"a","query":"b"}</c> must not quietly run one of them).</summary>
    internal static readonly JsonDocumentOptions JsonOptions = new() { MaxDepth = 64, AllowDuplicateProperties = false };

    /// <summary>
    /// Reads the request, or returns the error status and message to answer with; <see cref="ClientGone"/> (and no
    /// message) when the client aborted the upload or sent it too slowly, which is logged by the caller, not answered.
    /// </summary>
    /// <remarks>A <see cref="ValueTask{TResult}"/>: a body already received (the usual small POST) is read without allocating a task.</remarks>
    public static async ValueTask<(GatewayRequest? Request, int Status, string? Error)> ReadAsync(HttpContext context, int maxBodyBytes)
    {
        var request = context.Request;
        if (HttpMethods.IsGet(request.Method))
        {
            return ReadQueryString(request.Query);
        }

        if (!IsJson(request.ContentType))
        {
            return (null, StatusCodes.Status415UnsupportedMediaType, "POST requests must have 'Content-Type: application/json' (UTF-8).");
        }

        // Read once: outside Kestrel (a DefaultHttpContext's header dictionary) each read parses the header again.
        long? contentLength = request.ContentLength;
        if (contentLength > maxBodyBytes)
        {
            return (null, StatusCodes.Status413PayloadTooLarge, $"The request body is larger than {maxBodyBytes} bytes.");
        }

        // The body is read into a pooled buffer (sized by Content-Length when given) and parsed from there: no
        // per-request chunk or copy. The readers read it in place, so the buffer goes back only after ReadBody.
        byte[]? buffer = null;
        try
        {
            int length;
            try
            {
                (buffer, length) = await ReadBodyAsync(request.Body, contentLength, maxBodyBytes, context.RequestAborted);
            }
            catch (Exception e) when (e is IOException or OperationCanceledException or BadHttpRequestException)
            {
                return (null, ClientGone, null);
            }

            if (length < 0)
            {
                return (null, StatusCodes.Status413PayloadTooLarge, $"The request body is larger than {maxBodyBytes} bytes.");
            }

            return ReadBody(buffer.AsMemory(0, length));
        }
        finally
        {
            if (buffer is not null)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
    }

    private static (GatewayRequest?, int, string?) ReadQueryString(IQueryCollection query)
    {
        foreach (string name in (ReadOnlySpan<string>)["query", "operationName", "variables", "extensions"])
        {
            if (query[name].Count > 1)
            {
                return (null, StatusCodes.Status400BadRequest, $"The '{name}' parameter is given more than once.");
            }
        }

        string? variablesText = query["variables"];
        var variables = default(JsonElement);
        if (!string.IsNullOrEmpty(variablesText) && !TryParseJson(variablesText, out variables))
        {
            return (null, StatusCodes.Status400BadRequest, "The 'variables' parameter is not valid JSON (or repeats a key).");
        }

        if (variables.ValueKind is not (JsonValueKind.Undefined or JsonValueKind.Object or JsonValueKind.Null))
        {
            return (null, StatusCodes.Status400BadRequest, VariablesNotAnObject);
        }

        string? extensionsText = query["extensions"];
        var extensions = default(JsonElement);
        if (!string.IsNullOrEmpty(extensionsText) && !(TryParseJson(extensionsText, out extensions) && extensions.ValueKind == JsonValueKind.Object))
        {
            return (null, StatusCodes.Status400BadRequest, ExtensionsNotAnObject);
        }

        if (!TryReadPersistedQueryHash(extensions, out string? hash))
        {
            return (null, StatusCodes.Status400BadRequest, PersistedQueryMalformed);
        }

        return (new GatewayRequest(query["query"], variables, query["operationName"], hash), 0, null);
    }

    private const string ExtensionsNotAnObject = "'extensions' must be a JSON object.";

    /// <summary>The answer to a JSON array of requests.</summary>
    internal const string BatchRefused =
        "Batched requests (a JSON array of operations) are not supported: send one operation per request, or select the root fields of several in one document.";

    private const string VariablesNotAnObject = "'variables' must be a JSON object.";

    private const string PersistedQueryMalformed = "'extensions.persistedQuery' must be {\"version\": 1, \"sha256Hash\": \"<64 hex digits>\"}.";

    /// <summary>Apollo's automatic persisted queries: <c>{"persistedQuery": {"version": 1, "sha256Hash": "…"}}</c>; absent is fine.</summary>
    internal static bool TryReadPersistedQueryHash(JsonElement extensions, out string? hash)
    {
        hash = null;
        if (extensions.ValueKind != JsonValueKind.Object || !extensions.TryGetProperty("persistedQuery", out var persisted))
        {
            return true;
        }

        if (persisted.ValueKind != JsonValueKind.Object
            || (persisted.TryGetProperty("version", out var version) && !(version.ValueKind == JsonValueKind.Number && version.TryGetInt32(out int v) && v == 1))
            || !persisted.TryGetProperty("sha256Hash", out var sha) || sha.ValueKind != JsonValueKind.String)
        {
            return false;
        }

        hash = sha.GetString();
        return hash is { Length: 64 } && hash.All(char.IsAsciiHexDigit);
    }

    private static (GatewayRequest?, int, string?) ReadBody(ReadOnlyMemory<byte> body) =>
        GatewayRequestBody.TryRead(body, JsonOptions, out var request) ? (request, 0, null) : ReadBodyAsDocument(body);

    /// <summary>
    /// The body read as one <see cref="JsonDocument"/>: every body the fast path (<see cref="GatewayRequestBody"/>)
    /// does not accept, so every error, is read and answered here.
    /// </summary>
    internal static (GatewayRequest? Request, int Status, string? Error) ReadBodyAsDocument(ReadOnlyMemory<byte> body)
    {
        try
        {
            using var document = JsonDocument.Parse(body, JsonOptions);
            var root = document.RootElement;
            if (root.ValueKind == JsonValueKind.Array)
            {
                // Batching is not part of GraphQL over HTTP; said plainly, so a batching client (graphql-request's
                // batchRequests, Apollo's BatchHttpLink) is switched off rather than debugged (docs/graphql-syntax.md).
                return (null, StatusCodes.Status400BadRequest, BatchRefused);
            }

            if (root.ValueKind != JsonValueKind.Object)
            {
                return (null, StatusCodes.Status400BadRequest, "The request body must be a JSON object with a 'query'.");
            }

            string? query = ReadString(root, "query", out bool queryOk);
            string? operationName = ReadString(root, "operationName", out bool operationOk);
            if (!queryOk || !operationOk)
            {
                return (null, StatusCodes.Status400BadRequest, "'query' and 'operationName' must be strings.");
            }

            if (root.TryGetProperty("extensions", out var extensions) && extensions.ValueKind is not (JsonValueKind.Object or JsonValueKind.Null))
            {
                return (null, StatusCodes.Status400BadRequest, ExtensionsNotAnObject);
            }

            if (!TryReadPersistedQueryHash(extensions, out string? hash))
            {
                return (null, StatusCodes.Status400BadRequest, PersistedQueryMalformed);
            }

            if (root.TryGetProperty("variables", out var v) && v.ValueKind is not (JsonValueKind.Object or JsonValueKind.Null))
            {
                return (null, StatusCodes.Status400BadRequest, VariablesNotAnObject);
            }

            var variables = v.ValueKind == JsonValueKind.Object ? v.Clone() : default;
            return (new GatewayRequest(query, variables, operationName, hash), 0, null);
        }
        catch (JsonException e)
        {
            return (null, StatusCodes.Status400BadRequest, $"The request body is not valid JSON: {e.Message}");
        }
        catch (InvalidOperationException)
        {
            // JsonDocument checks strings only when they are read: an escaped lone surrogate or invalid UTF-8 in
            // 'query' or 'operationName' fails in GetString, not in Parse.
            return (null, StatusCodes.Status400BadRequest, "The request body is not valid JSON: a string in it is not valid Unicode (a lone surrogate or invalid UTF-8).");
        }
    }

    /// <summary>The body, or null when it is longer than <paramref name="maxBytes"/> (a missing or false Content-Length is no protection).</summary>
    private static async ValueTask<(byte[] Buffer, int Length)> ReadBodyAsync(Stream body, long? contentLength, int maxBytes, CancellationToken cancellationToken)
    {
        // One byte past the declared length, so a body longer than its Content-Length is still read to its end.
        byte[] buffer = ArrayPool<byte>.Shared.Rent(contentLength is > 0 ? (int)Math.Min(contentLength.Value + 1, maxBytes + 1L) : 4096);
        int length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    if (length > maxBytes)
                    {
                        return (buffer, -1);
                    }

                    byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(buffer.Length * 2L, maxBytes + 1L));
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                int read = await body.ReadAsync(buffer.AsMemory(length), cancellationToken);
                if (read == 0)
                {
                    return (buffer, length > maxBytes ? -1 : length);
                }

                length += read;
                if (length > maxBytes)
                {
                    return (buffer, -1);
                }
            }
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    /// <summary><c>application/json</c>, with no charset or UTF-8 (GraphQL over HTTP requires UTF-8); nothing else.</summary>
    /// <remarks>The plain header most clients send is recognized without parsing it (and allocating a header value).</remarks>
    private static bool IsJson(string? contentType) =>
        string.Equals(contentType, JsonMediaType, StringComparison.OrdinalIgnoreCase)
        || MediaTypeHeaderValue.TryParse(contentType, out var mediaType)
        && mediaType.MediaType.Equals(JsonMediaType, StringComparison.OrdinalIgnoreCase)
        && (mediaType.Charset.Length == 0 || mediaType.Charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || mediaType.Charset.Equals("utf8", StringComparison.OrdinalIgnoreCase));

    private static string? ReadString(JsonElement root, string name, out bool ok)
    {
        ok = true;
        if (!root.TryGetProperty(name, out var value) || value.ValueKind == JsonValueKind.Null)
        {
            return null;
        }

        ok = value.ValueKind == JsonValueKind.String;
        return ok ? value.GetString() : null;
    }

    private static bool TryParseJson(string text, out JsonElement element)
    {
        try
        {
            using var document = JsonDocument.Parse(text, JsonOptions);
            element = document.RootElement.Clone();
            return true;
        }
        catch (JsonException)
        {
            element = default;
            return false;
        }
    }
}

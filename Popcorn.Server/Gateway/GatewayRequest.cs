using System.Text.Json;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>The parameters of a GraphQL-over-HTTP request, read from the query string (GET) or a JSON body (POST).</summary>
internal sealed record GatewayRequest(string? Query, JsonElement Variables, string? OperationName)
{
    /// <summary>Reads the request, or returns the error status and message to answer with.</summary>
    public static async Task<(GatewayRequest? Request, int Status, string? Error)> ReadAsync(HttpContext context, int maxBodyBytes)
    {
        var request = context.Request;
        if (HttpMethods.IsGet(request.Method))
        {
            string? variablesText = request.Query["variables"];
            var variables = default(JsonElement);
            if (!string.IsNullOrEmpty(variablesText) && !TryParseJson(variablesText, out variables))
            {
                return (null, StatusCodes.Status400BadRequest, "The 'variables' parameter is not valid JSON.");
            }

            return (new GatewayRequest(request.Query["query"], variables, request.Query["operationName"]), 0, null);
        }

        if (request.ContentType is not { } contentType || !contentType.StartsWith("application/json", StringComparison.OrdinalIgnoreCase))
        {
            return (null, StatusCodes.Status415UnsupportedMediaType, "POST requests must have 'Content-Type: application/json'.");
        }

        if (request.ContentLength > maxBodyBytes)
        {
            return (null, StatusCodes.Status413PayloadTooLarge, $"The request body is larger than {maxBodyBytes} bytes.");
        }

        byte[] body;
        using (var buffer = new MemoryStream())
        {
            var chunk = new byte[8192];
            int read;
            while ((read = await request.Body.ReadAsync(chunk, context.RequestAborted)) > 0)
            {
                if (buffer.Length + read > maxBodyBytes)
                {
                    return (null, StatusCodes.Status413PayloadTooLarge, $"The request body is larger than {maxBodyBytes} bytes.");
                }

                buffer.Write(chunk, 0, read);
            }

            body = buffer.ToArray();
        }

        try
        {
            using var document = JsonDocument.Parse(body, new JsonDocumentOptions { MaxDepth = 64 });
            var root = document.RootElement;
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

            var variables = root.TryGetProperty("variables", out var v) && v.ValueKind != JsonValueKind.Null ? v.Clone() : default;
            return (new GatewayRequest(query, variables, operationName), 0, null);
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
            using var document = JsonDocument.Parse(text, new JsonDocumentOptions { MaxDepth = 64 });
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

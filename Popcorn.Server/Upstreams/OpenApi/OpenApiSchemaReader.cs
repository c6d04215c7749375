using Microsoft.OpenApi;
using Microsoft.OpenApi.Reader;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Reads a plain JSON service's OpenAPI 3.x document into the same <see cref="UpstreamSchema"/> a Popcorn service's
/// schema gives (docs/gateway.md, "Services without Popcorn"): each GET operation with an <c>operationId</c> becomes a
/// root field named after it, its path and query parameters its arguments, its 2xx JSON response's object (or list of
/// objects) its type. Runs at startup and when the document is read again (<c>SchemaCheckInterval</c>). What it cannot
/// serve stops the app with a message naming the service, the operation and the construct, and how to leave the
/// operation out (read again, the changed document is refused and the served one stays).
/// </summary>
internal static class OpenApiSchemaReader
{
    /// <summary>Reads the document; <paramref name="leftOut"/> gets the GET operations it did not serve and why.</summary>
    /// <exception cref="UnreadableDescriptionException">The document cannot be read as OpenAPI 3.x JSON.</exception>
    /// <exception cref="InvalidOperationException">An operation to serve cannot be served, or there is none.</exception>
    public static UpstreamSchema Read(string service, ReadOnlyMemory<byte> json, PopcornUpstreamOptions settings, List<string> leftOut)
    {
        var document = Parse(service, json);
        var builder = new OpenApiTypeBuilder(settings.Prefix);
        var operations = new List<(string Name, string? Description, TypeMetadata Type, bool IsList, IReadOnlyList<(string, string)> Arguments, OpenApiRequest Request)>();
        var listed = settings.Operations.ToHashSet(StringComparer.Ordinal);
        var unmatched = new HashSet<string>(listed, StringComparer.Ordinal);
        foreach (var (path, item) in document.Paths ?? [])
        {
            if (item.Operations is null || !item.Operations.TryGetValue(HttpMethod.Get, out var operation))
            {
                continue;
            }

            if (operation.OperationId is not { Length: > 0 } id)
            {
                leftOut.Add($"GET {path} (it has no operationId to name its root field after)");
                continue;
            }

            unmatched.Remove(id);
            if (listed.Count > 0 && !listed.Contains(id))
            {
                leftOut.Add($"GET {path} '{id}' (not in Popcorn:Upstreams:{service}:Operations)");
                continue;
            }

            try
            {
                operations.Add(Operation(path, item, operation, id, builder));
            }
            catch (OpenApiRefusal refusal)
            {
                throw new InvalidOperationException(
                    $"Upstream '{service}': the operation '{id}' (GET {path}) cannot be served: {refusal.Message} List the operations to serve in Popcorn:Upstreams:{service}:Operations to leave it out.", refusal);
            }
        }

        if (unmatched.Count > 0)
        {
            throw new InvalidOperationException($"Upstream '{service}': Popcorn:Upstreams:{service}:Operations names {string.Join(", ", unmatched.Order(StringComparer.Ordinal).Select(w => "'" + w + "'"))}, which its OpenAPI document has no GET operation for.");
        }

        if (operations.Count == 0)
        {
            throw new InvalidOperationException($"Upstream '{service}': its OpenAPI document has no GET operation with an operationId, so the gateway has nothing to serve from it.");
        }

        var writers = builder.Writers.ToDictionary(w => w.Metadata, w => w);
        string? prefix = settings.Prefix;
        var rootFields = operations.Select(o =>
        {
            string name = OpenApiNames.FieldName(o.Name);
            return new UpstreamRootFieldSpec(
                service,
                name,
                prefix is null ? name : char.ToLowerInvariant(prefix[0]) + prefix[1..] + char.ToUpperInvariant(name[0]) + name[1..],
                o.Description,
                writers[o.Type],
                o.IsList,
                o.Arguments) { Request = o.Request };
        }).ToArray();
        return new UpstreamSchema(builder.Writers, rootFields, builder.PendingFields, UpstreamLimits.Defaults) { IsOpenApi = true };
    }

    private static OpenApiDocument Parse(string service, ReadOnlyMemory<byte> json)
    {
        ReadResult result;
        try
        {
            using var stream = new MemoryStream(json.ToArray(), writable: false);
            result = OpenApiDocument.Load(stream, "json", new OpenApiReaderSettings());
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            throw new UnreadableDescriptionException($"Upstream '{service}': its OpenAPI document cannot be read: {e.Message}", e);
        }

        if (result.Document is not { } document || result.Diagnostic?.Errors is { Count: > 0 })
        {
            string errors = result.Diagnostic?.Errors is { Count: > 0 } list ? string.Join("; ", list.Take(3).Select(e => $"{e.Pointer}: {e.Message}")) : "no document";
            throw new UnreadableDescriptionException($"Upstream '{service}': its OpenAPI document cannot be read as OpenAPI 3.x JSON: {errors}.");
        }

        if (result.Diagnostic?.SpecificationVersion is OpenApiSpecVersion.OpenApi2_0)
        {
            throw new UnreadableDescriptionException($"Upstream '{service}': its document is Swagger 2.0; the gateway reads OpenAPI 3.0 and 3.1.");
        }

        return document;
    }

    private static (string, string?, TypeMetadata, bool, IReadOnlyList<(string, string)>, OpenApiRequest) Operation(string path, IOpenApiPathItem item, OpenApiOperation operation, string id, OpenApiTypeBuilder builder)
    {
        string name = OpenApiNames.FieldName(id);
        if (!SelectionParser.IsValidFieldName(name))
        {
            throw new OpenApiRefusal($"its operationId cannot be made a GraphQL field name.");
        }

        var schema = ResponseSchema(operation);
        var (resolved, _) = OpenApiSchemas.Unwrap(schema, "its response");
        bool isList = OpenApiSchemas.KindOf(resolved, "its response") == JsonSchemaType.Array;
        var element = isList ? resolved.Items ?? throw new OpenApiRefusal("its response is an array without 'items'.") : resolved;
        var type = builder.TypeOf(element, OpenApiNames.Pascal(id) + (isList ? "Item" : "Result"), isList ? "its response[]" : "its response");
        var (arguments, parameters) = Parameters(item, operation);
        bool declaresNotFound = operation.Responses?.ContainsKey("404") == true;
        return (id, operation.Summary ?? operation.Description, type, isList, arguments, new OpenApiRequest(path, parameters) { NotFoundIsNull = !isList && declaresNotFound });
    }

    /// <summary>The schema of the first 2xx response with a JSON body (<c>200</c> first).</summary>
    private static IOpenApiSchema ResponseSchema(OpenApiOperation operation)
    {
        var responses = operation.Responses ?? [];
        foreach (var (status, response) in responses.OrderBy(r => r.Key == "200" ? 0 : 1))
        {
            if (!status.StartsWith('2') || response.Content is null)
            {
                continue;
            }

            foreach (var (mediaType, content) in response.Content)
            {
                if ((mediaType.StartsWith("application/json", StringComparison.OrdinalIgnoreCase) || mediaType.Contains("+json", StringComparison.OrdinalIgnoreCase)) && content.Schema is { } schema)
                {
                    return schema;
                }
            }
        }

        throw new OpenApiRefusal("it declares no 2xx response with a JSON body and its schema.");
    }

    private static (IReadOnlyList<(string, string)>, IReadOnlyList<OpenApiRequestParameter>) Parameters(IOpenApiPathItem item, OpenApiOperation operation)
    {
        // The operation's parameters override the path item's of the same name and place (OpenAPI 3, "Path Item Object").
        var all = new Dictionary<(string, ParameterLocation?), IOpenApiParameter>();
        foreach (var parameter in (item.Parameters ?? []).Concat(operation.Parameters ?? []))
        {
            all[(parameter.Name ?? string.Empty, parameter.In)] = parameter;
        }

        var arguments = new List<(string, string)>();
        var parameters = new List<OpenApiRequestParameter>();
        foreach (var parameter in all.Values)
        {
            string name = parameter.Name ?? string.Empty;
            if (parameter.In is ParameterLocation.Header or ParameterLocation.Cookie)
            {
                if (parameter.Required)
                {
                    throw new OpenApiRefusal($"it requires the {parameter.In} parameter '{name}', which a root field's arguments cannot give (forward a client's header with ForwardHeaders instead).");
                }

                continue; // an optional header or cookie is not an argument: ForwardHeaders decides what reaches the service
            }

            if (!SelectionParser.IsValidFieldName(name))
            {
                throw new OpenApiRefusal($"its parameter '{name}' is not a GraphQL name, so it cannot be an argument.");
            }

            string at = $"its parameter '{name}'";
            string type = (parameter.Schema is { } schema ? OpenApiSchemas.ArgumentType(schema, at) : null)
                ?? throw new OpenApiRefusal($"{at} is not an integer, number, boolean or string, nor a list of them (objects as arguments are not served yet).");
            bool inPath = parameter.In == ParameterLocation.Path;
            bool isList = type.StartsWith('[');
            if (isList && (inPath || parameter.Style is not (null or ParameterStyle.Form)))
            {
                throw new OpenApiRefusal($"{at} is a list {(inPath ? "in the path" : $"in the style '{parameter.Style}'")}; the gateway sends lists in the query string, in the form style only.");
            }

            arguments.Add((name, inPath || parameter.Required ? type + "!" : type));
            // The form style's default explodes a list into one pair per element (`?id=1&id=2`); `explode: false` joins it with commas.
            parameters.Add(new OpenApiRequestParameter(name, name, inPath) { JoinsList = isList && parameter.Style is not null && !parameter.Explode });
        }

        return (arguments, parameters);
    }
}

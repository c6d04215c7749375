using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// Documents the formats a Popcorn endpoint answers besides JSON (docs/formats.md): <c>text/csv</c>,
/// <c>application/jsonl</c> and <c>application/x-ndjson</c> beside <c>application/json</c> on each success response, and
/// the 406 problem content negotiation answers.
/// </summary>
internal static class FormatResponses
{
    /// <summary>The <c>errorKind</c> values of the 406 problems.</summary>
    public static readonly string[] ErrorKinds = ["NotAcceptable", "NotATable"];

    private const string CsvDescription =
        "With `Accept: text/csv`: RFC 4180 CSV, a header row, then one row per element and one column per selected scalar " +
        "(nested objects as dotted names such as `manager.firstName`; a selection with a list or map is a 406).";

    private const string LinesDescription = "With `Accept: application/jsonl` (or `application/x-ndjson`): one selected object per line, each as the JSON response writes it.";

    /// <summary>Adds the row formats to every 2xx response that has a JSON body, and the 406.</summary>
    public static void AddTo(OpenApiOperation operation, OpenApiDocument document, bool isSequence)
    {
        if (operation.Responses is null)
        {
            return;
        }

        foreach (var (status, response) in operation.Responses)
        {
            if (!status.StartsWith('2') || response is not OpenApiResponse { Content: { } content } || !content.TryGetValue("application/json", out var json))
            {
                continue;
            }

            var element = isSequence && json.Schema is OpenApiSchema { Items: { } items } ? items : json.Schema;
            content.TryAdd(ResponseFormat.Csv.MediaType, new OpenApiMediaType { Schema = new OpenApiSchema { Type = JsonSchemaType.String, Description = CsvDescription } });
            content.TryAdd(ResponseFormat.JsonLines.MediaType, new OpenApiMediaType { Schema = Lines(element) });
            content.TryAdd(ResponseFormat.NdJson.MediaType, new OpenApiMediaType { Schema = Lines(element) });
        }

        operation.Responses.TryAdd("406", new OpenApiResponse
        {
            Description = "The Accept header names no format this endpoint writes (JSON, CSV, JSON Lines), or asks for CSV of a selection that is not a table. The handler did not run when the model is known before it.",
            Content = new Dictionary<string, OpenApiMediaType> { ["application/problem+json"] = new OpenApiMediaType { Schema = ProblemResponse.EnsureProblemSchema(document) } },
        });
    }

    // OpenAPI 3.1 has no schema for a stream of items (3.2's itemSchema): each line's schema, said in words.
    private static IOpenApiSchema Lines(IOpenApiSchema? element) =>
        new OpenApiSchema { Description = LinesDescription, AllOf = element is null ? null : new List<IOpenApiSchema> { element } };
}

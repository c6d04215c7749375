using System.Text.Json.Nodes;
using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The 400 a Popcorn endpoint answers to a bad selection, as docs/errors.md describes it: an
/// <c>application/problem+json</c> body (<c>PopcornProblem</c> in the components) with the line, column, excerpt and
/// error kind, and for an unknown field the field, the model type and suggestions; in the configured envelope's shape
/// and media type when there is one (<see cref="EnvelopeWriter.DescribeProblem"/>).
/// </summary>
internal static class ProblemResponse
{
    public const string ProblemSchemaId = "PopcornProblem";

    private const string Description =
        "The selection does not parse, exceeds a limit, is ambiguous (query parameter and header both sent) or names a field the model does not have.";

    /// <summary>
    /// Adds the 400 response to <paramref name="operation"/>. When the endpoint documents a 400 of its own, its
    /// description stays, and Popcorn's schema is added beside its own (<c>anyOf</c>) under the same media type.
    /// </summary>
    /// <param name="operation">A Popcorn endpoint's operation.</param>
    /// <param name="document">The document, whose components receive the problem's schema.</param>
    /// <param name="envelope">The configured envelope, which says the body's media type and schema.</param>
    /// <param name="modelKnown">Whether the model is known before the handler runs, so that every bad selection is refused before it.</param>
    public static void AddTo(OpenApiOperation operation, OpenApiDocument document, EnvelopeWriter envelope, bool modelKnown)
    {
        var (mediaType, schema) = envelope.DescribeProblem(document, EnsureProblemSchema(document));
        operation.Responses ??= new OpenApiResponses();
        if (!operation.Responses.TryGetValue("400", out var existing))
        {
            operation.Responses["400"] = new OpenApiResponse
            {
                Description = Description + (modelKnown
                    ? " The handler did not run."
                    : " The handler did not run, except for an unknown field: the model is known only from its result."),
                Content = new Dictionary<string, OpenApiMediaType> { [mediaType] = new OpenApiMediaType { Schema = schema } },
            };
            return;
        }

        // The endpoint's own 400 (validation, a handler's problem) keeps its description; the body is either, so both schemas are offered.
        if (existing is OpenApiResponse response)
        {
            response.Content ??= new Dictionary<string, OpenApiMediaType>();
            if (!response.Content.TryGetValue(mediaType, out var taken))
            {
                response.Content[mediaType] = new OpenApiMediaType { Schema = schema };
            }
            else if (taken.Schema is { } own && !IsReferenceTo(own, schema))
            {
                taken.Schema = new OpenApiSchema { AnyOf = new List<IOpenApiSchema> { own, schema } };
            }
        }
    }

    private static bool IsReferenceTo(IOpenApiSchema schema, IOpenApiSchema reference) =>
        schema is OpenApiSchemaReference own && reference is OpenApiSchemaReference popcorn && own.Reference.Id == popcorn.Reference.Id;

    /// <summary>The <c>PopcornProblem</c> schema (added to the document's components on first use), shared by the 400 and the 406 answers.</summary>
    internal static OpenApiSchemaReference EnsureProblemSchema(OpenApiDocument document)
    {
        var schemas = Schemas(document);
        if (!schemas.ContainsKey(ProblemSchemaId))
        {
            schemas[ProblemSchemaId] = new OpenApiSchema
            {
                Type = JsonSchemaType.Object,
                Description = "Popcorn's answer to a bad selection (RFC 9457 problem details with Popcorn's extensions; see docs/errors.md).",
                Required = new HashSet<string> { "title", "status", "detail", "errorKind" },
                Properties = new Dictionary<string, IOpenApiSchema>
                {
                    ["type"] = Text("For an unknown field, the name of the model type that refused it; otherwise a URI reference for the kind of problem."),
                    ["title"] = Text("\"" + PopcornProblems.Title + "\" for a selection."),
                    ["status"] = Number("400."),
                    ["detail"] = Text("What is wrong, in words."),
                    ["line"] = Number("1-based line of the error in the selection text."),
                    ["column"] = Number("1-based column of the error in the selection text."),
                    ["excerpt"] = Text("At most 40 characters of the selection around the error."),
                    ["errorKind"] = new OpenApiSchema
                    {
                        Type = JsonSchemaType.String,
                        Description = "The kind of error.",
                        Enum = Enum.GetNames<QueryErrorKind>().Concat(FormatResponses.ErrorKinds).Select(name => (JsonNode)JsonValue.Create(name)).ToList(),
                    },
                    ["field"] = Text("For an unknown field: the name the client sent. For NotATable: the dotted path of the list or map that keeps the selection from being a table."),
                    ["available"] = new OpenApiSchema { Type = JsonSchemaType.Array, Items = new OpenApiSchema { Type = JsonSchemaType.String }, Description = "For NotAcceptable: the media types this endpoint writes." },
                    ["suggestions"] = new OpenApiSchema { Type = JsonSchemaType.Array, Items = new OpenApiSchema { Type = JsonSchemaType.String }, Description = "For an unknown field: the names the client may have meant." },
                    ["traceId"] = Text("The request's trace id, added by ASP.NET Core's problem details service."),
                },
            };
        }

        return new OpenApiSchemaReference(ProblemSchemaId, document);
    }

    internal static IDictionary<string, IOpenApiSchema> Schemas(OpenApiDocument document)
    {
        document.Components ??= new OpenApiComponents();
        return document.Components.Schemas ??= new Dictionary<string, IOpenApiSchema>();
    }

    private static OpenApiSchema Text(string description) => new() { Type = JsonSchemaType.String, Description = description };

    private static OpenApiSchema Number(string description) => new() { Type = JsonSchemaType.Integer, Description = description };
}

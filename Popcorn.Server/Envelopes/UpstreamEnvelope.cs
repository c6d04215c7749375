using System.Globalization;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.WebUtilities;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// <see cref="ResponseEnvelope.Upstream"/>: upstream Popcorn's default envelope as its code writes it. A success is
/// its <c>ApiResponse&lt;T&gt;</c> serialized (<c>{"Success":true,"Data":...}</c>, <c>Error</c> left out when null);
/// an error is what its <c>UsePopcornExceptionHandler</c> writes (<c>{"Success":false,"Error":{"Code":...,"Message":...}}</c>,
/// <c>Detail</c> only when there is one). Keys go through the naming policy, as upstream's did.
/// </summary>
/// <remarks>
/// A problem maps to upstream's <c>ApiError</c> so its words survive: <c>Code</c> is Popcorn's <c>errorKind</c>
/// (<c>UnknownField</c>, <c>Syntax</c>, ...) or, for a problem without one, the status's reason phrase without spaces
/// (<c>NotFound</c>), in the spirit of upstream's exception type names; <c>Message</c> the problem's detail (else its
/// title); <c>Detail</c> where in the selection the error is, for a selection error, or a validation problem's errors
/// (<c>name: message; ...</c>). Nothing else of the problem is
/// written: upstream's clients read exactly these three.
/// </remarks>
internal sealed class UpstreamEnvelope(JsonNamingPolicy? naming, JsonWriterOptions writerOptions) : WrappingEnvelope(
    Key("Success", naming), Key("Data", naming), "The data in upstream Popcorn's envelope (PopcornOptions.Envelope = Upstream).")
{
    private const string ErrorSchemaId = "PopcornUpstreamErrorEnvelope";

    private readonly JsonEncodedText _error = Key("Error", naming);
    private readonly JsonEncodedText _code = Key("Code", naming);
    private readonly JsonEncodedText _message = Key("Message", naming);
    private readonly JsonEncodedText _detail = Key("Detail", naming);

    public override async Task WriteProblemAsync(HttpContext context, ProblemDetails problem)
    {
        int status = problem.Status ?? StatusCodes.Status400BadRequest;
        context.Response.StatusCode = status;
        context.Response.ContentType = "application/json; charset=utf-8";
        await using var json = new Utf8JsonWriter(context.Response.BodyWriter, writerOptions);
        json.WriteStartObject();
        json.WriteBoolean(Success, false);
        json.WriteStartObject(_error);
        json.WriteString(_code, CodeOf(problem, status));
        json.WriteString(_message, problem.Detail ?? problem.Title ?? ReasonPhrases.GetReasonPhrase(status));
        if ((PositionOf(problem) ?? ErrorsOf(problem)) is { } detail)
        {
            json.WriteString(_detail, detail);
        }

        json.WriteEndObject();
        json.WriteEndObject();
    }

    public override (string MediaType, IOpenApiSchema Schema) DescribeProblem(OpenApiDocument document, IOpenApiSchema problem) =>
        ("application/json", Component(document, ErrorSchemaId, () => new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = "An error in upstream Popcorn's envelope (PopcornOptions.Envelope = Upstream; see docs/migrating-from-popcorn.md).",
            Required = new HashSet<string> { Success.Value, _error.Value },
            Properties = new Dictionary<string, IOpenApiSchema>
            {
                [Success.Value] = new OpenApiSchema { Type = JsonSchemaType.Boolean, Description = "Always false here." },
                [_error.Value] = new OpenApiSchema
                {
                    Type = JsonSchemaType.Object,
                    Required = new HashSet<string> { _code.Value, _message.Value },
                    Properties = new Dictionary<string, IOpenApiSchema>
                    {
                        [_code.Value] = Text("Popcorn's errorKind (UnknownField, Syntax, LimitExceeded, ...), or the status without spaces (NotFound, ServiceUnavailable)."),
                        [_message.Value] = Text("What is wrong, in words."),
                        [_detail.Value] = Text("For a selection error, where it is (line, column and an excerpt of the selection); for a validation problem, its errors (name: message; ...)."),
                    },
                },
            },
        }));

    private static JsonEncodedText Key(string name, JsonNamingPolicy? naming) => JsonEncodedText.Encode(naming?.ConvertName(name) ?? name);

    private static string CodeOf(ProblemDetails problem, int status)
    {
        if (problem.Extensions.TryGetValue("errorKind", out var kind) && kind is string { Length: > 0 } errorKind)
        {
            return errorKind;
        }

        string phrase = ReasonPhrases.GetReasonPhrase(status);
        return phrase.Length == 0 ? "Error" : string.Concat(phrase.Where(char.IsLetterOrDigit));
    }

    private static string? PositionOf(ProblemDetails problem) =>
        problem.Extensions.TryGetValue("line", out var line) && line is int lineNumber
        && problem.Extensions.TryGetValue("column", out var column) && column is int columnNumber
            ? string.Create(CultureInfo.InvariantCulture, $"Line {lineNumber}, column {columnNumber}: {(problem.Extensions.TryGetValue("excerpt", out var excerpt) ? excerpt : null)}")
            : null;

    /// <summary>A validation problem's errors, which upstream's <c>ApiError</c> has no member for: <c>name: message; ...</c>.</summary>
    private static string? ErrorsOf(ProblemDetails problem) =>
        problem is HttpValidationProblemDetails { Errors.Count: > 0 } validation
            ? string.Join("; ", validation.Errors.Select(e => e.Key + ": " + string.Join(" ", e.Value)))
            : null;

    private static OpenApiSchema Text(string description) => new() { Type = JsonSchemaType.String, Description = description };
}

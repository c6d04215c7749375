using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// <see cref="ResponseEnvelope.SuccessData"/>: <c>{"success":true,"data":...}</c>, and a problem as
/// <c>{"success":false,"error":{problem details}}</c>, keys spelled as here whatever the naming policy.
/// </summary>
internal sealed class SuccessDataEnvelope() : WrappingEnvelope(
    JsonEncodedText.Encode("success"), JsonEncodedText.Encode("data"), "The data in Popcorn's envelope (PopcornOptions.Envelope = SuccessData).")
{
    private const string ErrorSchemaId = "PopcornErrorEnvelope";

    private static readonly JsonEncodedText s_error = JsonEncodedText.Encode("error");

    public override async Task WriteProblemAsync(HttpContext context, ProblemDetails problem)
    {
        context.Response.StatusCode = problem.Status ?? StatusCodes.Status400BadRequest;
        context.Response.ContentType = "application/json; charset=utf-8";
        await using var json = new Utf8JsonWriter(context.Response.BodyWriter);
        json.WriteStartObject();
        json.WriteBoolean(Success, false);
        json.WritePropertyName(s_error);
        if (problem is HttpValidationProblemDetails validation)
        {
            JsonSerializer.Serialize(json, validation, PopcornServerJsonContext.Default.HttpValidationProblemDetails);
        }
        else
        {
            JsonSerializer.Serialize(json, problem, PopcornServerJsonContext.Default.ProblemDetails);
        }

        json.WriteEndObject();
    }

    public override (string MediaType, IOpenApiSchema Schema) DescribeProblem(OpenApiDocument document, IOpenApiSchema problem) =>
        ("application/json", Component(document, ErrorSchemaId, () => new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = "Popcorn's envelope around a problem (PopcornOptions.Envelope = SuccessData).",
            Required = new HashSet<string> { "success", "error" },
            Properties = new Dictionary<string, IOpenApiSchema>
            {
                ["success"] = new OpenApiSchema { Type = JsonSchemaType.Boolean, Description = "Always false here." },
                ["error"] = problem,
            },
        }));
}

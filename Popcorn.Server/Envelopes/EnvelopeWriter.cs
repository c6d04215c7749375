using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// The one place <see cref="PopcornOptions.Envelope"/> is decided: what goes around the data of a Popcorn response,
/// how a problem is written, and how both are described in the OpenAPI document. The response writer, the problem
/// results and the OpenAPI transformers ask it and never look at the option themselves, so the wire and the document
/// cannot disagree. Chosen once, when the app starts (<see cref="PopcornRegistry.Envelope"/>).
/// </summary>
internal abstract class EnvelopeWriter
{
    /// <summary>The writer for the configured envelope.</summary>
    public static EnvelopeWriter For(PopcornOptions options) => options.Envelope switch
    {
        ResponseEnvelope.SuccessData => new SuccessDataEnvelope(),
        ResponseEnvelope.Upstream => new UpstreamEnvelope(options.EnvelopeNamingPolicy, options.WriterOptions),
        _ => new NoEnvelope(),
    };

    /// <summary>
    /// Whether a problem the handler itself answered with (<c>TypedResults.NotFound()</c>, a problem result) is
    /// rewritten by <see cref="WriteProblemAsync"/>, so every error a client of the envelope reads has its shape.
    /// </summary>
    public abstract bool WrapsHandlerProblems { get; }

    /// <summary>Writes what comes before the data of a successful response (nothing, or the envelope's opening and its data key).</summary>
    public abstract void WriteDataStart(Utf8JsonWriter json);

    /// <summary>Closes what <see cref="WriteDataStart"/> opened.</summary>
    public abstract void WriteDataEnd(Utf8JsonWriter json);

    /// <summary>Writes <paramref name="problem"/> as the whole response, with its status.</summary>
    public abstract Task WriteProblemAsync(HttpContext context, ProblemDetails problem);

    /// <summary>The schema of a successful JSON body whose data <paramref name="data"/> describes.</summary>
    public abstract IOpenApiSchema DescribeData(IOpenApiSchema data);

    /// <summary>
    /// The media type and schema of an error body (its own schemas added to <paramref name="document"/>'s components),
    /// given the schema of Popcorn's problem details (<paramref name="problem"/>, which the OpenAPI folder owns).
    /// </summary>
    public abstract (string MediaType, IOpenApiSchema Schema) DescribeProblem(OpenApiDocument document, IOpenApiSchema problem);

    /// <summary>Adds a component schema once, and returns a reference to it.</summary>
    protected static OpenApiSchemaReference Component(OpenApiDocument document, string id, Func<OpenApiSchema> create)
    {
        document.Components ??= new OpenApiComponents();
        var schemas = document.Components.Schemas ??= new Dictionary<string, IOpenApiSchema>();
        if (!schemas.ContainsKey(id))
        {
            schemas[id] = create();
        }

        return new OpenApiSchemaReference(id, document);
    }
}

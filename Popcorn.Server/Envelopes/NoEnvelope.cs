using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OpenApi;

namespace Popcorn.Server;

/// <summary>
/// <see cref="ResponseEnvelope.None"/>: the data as it is, problems through ASP.NET Core's
/// <see cref="IProblemDetailsService"/> so the app's own problem-details customizations apply.
/// </summary>
internal sealed class NoEnvelope : EnvelopeWriter
{
    /// <summary>False: a handler's problem is already what the app answers with, and stays the app's.</summary>
    public override bool WrapsHandlerProblems => false;

    public override void WriteDataStart(Utf8JsonWriter json)
    {
    }

    public override void WriteDataEnd(Utf8JsonWriter json)
    {
    }

    public override async Task WriteProblemAsync(HttpContext context, ProblemDetails problem)
    {
        context.Response.StatusCode = problem.Status ?? StatusCodes.Status400BadRequest;
        var problems = context.RequestServices.GetRequiredService<IProblemDetailsService>();
        if (!await problems.TryWriteAsync(new ProblemDetailsContext { HttpContext = context, ProblemDetails = problem }))
        {
            context.Response.ContentType = "application/problem+json";
            await JsonSerializer.SerializeAsync(context.Response.Body, problem, PopcornServerJsonContext.Default.ProblemDetails);
        }
    }

    public override IOpenApiSchema DescribeData(IOpenApiSchema data) => data;

    public override (string MediaType, IOpenApiSchema Schema) DescribeProblem(OpenApiDocument document, IOpenApiSchema problem) =>
        ("application/problem+json", problem);
}

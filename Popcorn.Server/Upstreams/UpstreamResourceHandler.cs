using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Popcorn.Server;

/// <summary>
/// Answers a REST resource of the gateway app from an upstream root field: reads the selection as any Popcorn REST
/// endpoint does, compiles it for the caller with REST's rules against the service's type, prints the service's part
/// (joins left to their services), calls, and writes the JSON as the services gave it through the plan. A singleton.
/// </summary>
internal sealed class UpstreamResourceHandler(PopcornRegistry registry, PopcornGateway gateway, CallerPlans callerPlans)
{
    private static readonly IReadOnlyDictionary<string, object?> s_noArguments = new Dictionary<string, object?>();

    public async Task HandleAsync(HttpContext context, string rootField)
    {
        var source = (UpstreamRootField)gateway.Find(rootField)!.Source; // checked at startup (UpstreamSchemaLoader)
        string? text = RequestSelection.Read(context.Request, registry.Options, out _);
        var outcome = await callerPlans.CompileForCallerAsync(context, source.Spec.Type.Metadata, text);
        if (outcome.Error is { } invalid)
        {
            await WriteProblemAsync(context, PopcornProblems.ToProblem(invalid));
            return;
        }

        var plan = outcome.Plan!;
        string? selection = UpstreamIncludePrinter.Print(source.Spec.UpstreamName, s_noArguments, plan, registry.Options.Limits.MaxDepth, source.Catalog, out var joins, out string? refusal);
        if (selection is null)
        {
            await WriteProblemAsync(context, new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = PopcornProblems.Title, Detail = refusal });
            return;
        }

        UpstreamValue value;
        try
        {
            value = await source.FetchAsync(context, selection, plan, rootField, joins);
        }
        catch (UpstreamUnavailableException e)
        {
            await WriteProblemAsync(context, Unavailable(e.Status, e.Message));
            return;
        }
        catch (PopcornSourceLimitExceededException limit)
        {
            await WriteProblemAsync(context, PopcornProblems.SourceLimitExceeded(limit));
            return;
        }

        // A REST body has no place for a field's error beside the data: a join that failed fails the resource, rather
        // than answering nulls the client cannot tell from missing matches.
        if (value.Errors.Count > 0)
        {
            var first = value.Errors[0];
            await WriteProblemAsync(context, Unavailable(first.HttpStatus ?? StatusCodes.Status502BadGateway, first.Message));
            return;
        }

        context.Response.StatusCode = StatusCodes.Status200OK;
        context.Response.ContentType = "application/json; charset=utf-8";
        context.Response.ContentLength = value.Json.Length;
        await context.Response.Body.WriteAsync(value.Json, context.RequestAborted);
    }

    private static ProblemDetails Unavailable(int status, string detail) => new()
    {
        Status = status,
        Title = status switch
        {
            StatusCodes.Status503ServiceUnavailable => "Upstream service unavailable",
            StatusCodes.Status504GatewayTimeout => "Upstream service timed out",
            _ => "Upstream service failed",
        },
        Detail = detail,
    };

    private Task WriteProblemAsync(HttpContext context, ProblemDetails problem)
    {
        context.Response.StatusCode = problem.Status ?? StatusCodes.Status400BadRequest;
        return registry.Envelope.WriteProblemAsync(context, problem);
    }
}

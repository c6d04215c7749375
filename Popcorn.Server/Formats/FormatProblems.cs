using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The 406 problems of content negotiation (docs/formats.md): an <c>Accept</c> header naming nothing Popcorn writes, and
/// a CSV request for a selection that is not a table. Both are decided before the handler runs when the endpoint
/// declares its model.
/// </summary>
internal static class FormatProblems
{
    private static readonly string[] s_available = ResponseFormat.All.Select(static f => f.MediaType).ToArray();

    /// <summary>The <c>Accept</c> header names no type Popcorn writes, and no wildcard.</summary>
    public static IResult NotAcceptable() => PopcornProblems.Result(NotAcceptableProblem());

    /// <summary>The problem of <see cref="NotAcceptable"/>, for a handler that writes its problems itself.</summary>
    public static ProblemDetails NotAcceptableProblem()
    {
        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status406NotAcceptable,
            Title = "Not acceptable",
            Detail = $"This endpoint writes {string.Join(", ", s_available)}; the Accept header names none of them. Send one of them, */*, or no Accept header (JSON).",
        };
        problem.Extensions["errorKind"] = "NotAcceptable";
        problem.Extensions["available"] = s_available;
        return problem;
    }

    /// <summary>
    /// The problem for writing <paramref name="plan"/> in <paramref name="format"/>, or null when it can be: only CSV
    /// refuses a selection (one that is not a table, <see cref="TableLayout"/>).
    /// </summary>
    public static IResult? Check(SelectionPlan plan, ResponseFormat format) =>
        CheckProblem(plan, format) is { } problem ? PopcornProblems.Result(problem) : null;

    /// <summary>The problem of <see cref="Check"/>, for a handler that writes its problems itself.</summary>
    public static ProblemDetails? CheckProblem(SelectionPlan plan, ResponseFormat format)
    {
        if (!format.IsCsv || TableLayout.Of(plan) is not { Fits: false } layout)
        {
            return null;
        }

        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status406NotAcceptable,
            Title = "Not a table",
            Detail = layout.Refusal,
        };
        problem.Extensions["errorKind"] = "NotATable";
        problem.Extensions["field"] = layout.RefusedField;
        return problem;
    }

    /// <summary>What <see cref="PopcornPipeline.BeginAsync"/> settled, with the format chosen: the exchange carries it, and a CSV request's declared plan is checked here, before the handler.</summary>
    public static PopcornBegin WithFormat(PopcornBegin begin, ResponseFormat format)
    {
        if (begin.Problem is not null)
        {
            return begin;
        }

        return begin.Exchange.Plan is { } plan && Check(plan, format) is { } problem
            ? PopcornBegin.Refused(problem)
            : begin with { Exchange = begin.Exchange with { Format = format } };
    }

    /// <summary><see cref="WithFormat(PopcornBegin, ResponseFormat)"/> once the selection is compiled (a stored selection, a policy to decide).</summary>
    public static async ValueTask<PopcornBegin> WithFormatAsync(ValueTask<PopcornBegin> begun, ResponseFormat format) =>
        WithFormat(await begun, format);
}

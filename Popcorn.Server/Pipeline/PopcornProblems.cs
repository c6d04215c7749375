using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Turns a <see cref="PopcornQueryException"/> into a 400 <c>application/problem+json</c> response through
/// ASP.NET Core's <see cref="IProblemDetailsService"/>: <c>detail</c>, 1-based <c>line</c> and <c>column</c>,
/// a short <c>excerpt</c>, and for an unknown field <c>field</c>, <c>type</c> (the model's name) and <c>suggestions</c>.
/// Nothing else of the input, and never a stack trace, is echoed.
/// </summary>
internal static class PopcornProblems
{
    public const string Title = "Invalid selection";

    public const string ForbiddenTitle = "Field not authorized";

    public static ProblemDetails ToProblem(PopcornQueryException error)
    {
        // A field the caller's policies refuse is a 403 only when UnauthorizedFields is Forbid (else it is unknown).
        bool forbidden = error.Kind == QueryErrorKind.Forbidden;
        var problem = new ProblemDetails
        {
            Status = forbidden ? StatusCodes.Status403Forbidden : StatusCodes.Status400BadRequest,
            Title = forbidden ? ForbiddenTitle : Title,
            Detail = error.Detail,
        };
        problem.Extensions["line"] = error.Line;
        problem.Extensions["column"] = error.Column;
        problem.Extensions["excerpt"] = error.Excerpt;
        problem.Extensions["errorKind"] = error.Kind.ToString();
        if (forbidden)
        {
            problem.Extensions["field"] = error.FieldName;
        }
        else if (error.Kind == QueryErrorKind.UnknownField)
        {
            // docs/errors.md promises the model type in `type` (a valid relative URI reference), so clients can tell which type refused the field.
            problem.Type = error.TypeName;
            problem.Extensions["field"] = error.FieldName;
            problem.Extensions["suggestions"] = error.Suggestions;
        }

        return problem;
    }

    /// <summary>
    /// The answer to a response that passed <see cref="PopcornOptions.MaxResponseBytes"/> before anything was sent. A
    /// 400, not a 5xx: the client chose the selection (aliases, wildcards, which fields), a narrower one or a page of
    /// the list succeeds, and repeating the same request never will; a 5xx would also let any client raise the
    /// server's error rate at will.
    /// </summary>
    public static ProblemDetails ResponseTooLarge(HttpContext context)
    {
        long limit = context.RequestServices.GetRequiredService<PopcornRegistry>().Options.MaxResponseBytes;
        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status400BadRequest,
            Title = "Response too large",
            Detail = $"The response would be larger than {limit} bytes, the most this server sends. Select fewer fields or aliases, or fewer items.",
        };
        problem.Extensions["errorKind"] = "ResponseTooLarge";
        problem.Extensions["maxResponseBytes"] = limit;
        return problem;
    }

    /// <summary>The answer to a selection that would make a data source pass one of its documented limits (a 400, as <see cref="ResponseTooLarge"/>).</summary>
    public static ProblemDetails SourceLimitExceeded(PopcornSourceLimitExceededException error)
    {
        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status400BadRequest,
            Title = "Too much work for the data source",
            Detail = error.Message,
        };
        problem.Extensions["errorKind"] = "SourceLimitExceeded";
        problem.Extensions["option"] = error.Option;
        problem.Extensions["limit"] = error.Limit;
        return problem;
    }

    /// <summary>A problem response of any status (404s, gateway-independent errors), in the configured envelope (<see cref="EnvelopeWriter"/>).</summary>
    public static IResult Result(ProblemDetails problem) => new ProblemResult(problem);

    public static IResult Result(PopcornQueryException error) => new ProblemResult(ToProblem(error));

    private sealed class ProblemResult(ProblemDetails problem) : IResult, IStatusCodeHttpResult
    {
        public int? StatusCode => problem.Status;

        public Task ExecuteAsync(HttpContext httpContext) =>
            httpContext.RequestServices.GetRequiredService<PopcornRegistry>().Envelope.WriteProblemAsync(httpContext, problem);
    }
}

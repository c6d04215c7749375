using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The refusals particular to a REST resource served from an upstream (<see cref="UpstreamResourceHandler"/>); the
/// rest are a local resource's (<see cref="PopcornProblems"/>, <see cref="SelectionBudget"/>).
/// </summary>
internal static class UpstreamResourceProblems
{
    /// <summary>
    /// Null when the plan's root arguments can be sent to the service: none, or on a list. An <c>after</c> got here
    /// only as a cursor the gateway's key verifies; the service checks it again with its own (they must share
    /// <c>Popcorn:CursorKey</c>, docs/gateway.md).
    /// </summary>
    public static PopcornQueryException? RootArguments(SelectionPlan plan, ResultShape shape, string? query) =>
        plan.Arguments is null || shape.IsSequence ? null : SelectionBudget.RootArgumentsOnObject(plan, shape, query);

    /// <summary>A 400 for a resolver argument missing from the URL or not of its type.</summary>
    public static ProblemDetails Argument(string detail)
    {
        var problem = new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = PopcornProblems.Title, Detail = detail };
        problem.Extensions["errorKind"] = "InvalidArgument";
        return problem;
    }

    /// <summary>The 404 of an object resource the service has no value for, in a local resource's words.</summary>
    public static ProblemDetails NotFound() => new()
    {
        Status = StatusCodes.Status404NotFound,
        Title = "Not found",
        Detail = "The requested resource does not exist.",
    };

    /// <summary>The problem for a service that failed, its status saying how (docs/gateway.md, "REST resources").</summary>
    public static ProblemDetails Unavailable(int status, string detail) => new()
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
}

using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// <c>GET /popcorn/normalize</c> and <c>GET /popcorn/check</c>: a query's canonical forms in both syntaxes, checked
/// against a model type when one is named. Normalize answers a bad query with a 400 problem; check answers 200 with the
/// problem inside, for editors that ask on every pause in typing (browsers log every 4xx response as a console error).
/// </summary>
internal static class NormalizeEndpoint
{
    /// <summary>How many times longer than the longest accepted query a normalized form may be.</summary>
    private const int MaxNormalizedLengthFactor = 16;

    public static async Task<IResult> NormalizeAsync(HttpContext context, string? query, string? typeName, PopcornRegistry registry, FieldAuthorization authorization)
    {
        var (normalized, problem) = Verdict(query, typeName, registry, await AccessAsync(context, typeName, registry, authorization));
        return problem is null
            ? Results.Json(normalized, PopcornServerJsonContext.Default.NormalizedQuery)
            : PopcornProblems.Result(problem);
    }

    public static async Task<IResult> CheckAsync(HttpContext context, string? query, string? typeName, PopcornRegistry registry, FieldAuthorization authorization)
    {
        var (normalized, problem) = Verdict(query, typeName, registry, await AccessAsync(context, typeName, registry, authorization));
        var check = new QueryCheck(problem is null, normalized?.Include, normalized?.GraphQL, problem, normalized?.Cost, normalized?.MaxCost);
        return Results.Json(check, PopcornServerJsonContext.Default.QueryCheck);
    }

    /// <summary>What the caller may see of the named type, so a check never confirms a field the caller could not select.</summary>
    private static ValueTask<FieldAccess> AccessAsync(HttpContext context, string? typeName, PopcornRegistry registry, FieldAuthorization authorization) =>
        !string.IsNullOrEmpty(typeName) && registry.FindWriter(typeName) is { Metadata.ReachablePolicies: { Count: > 0 } policies }
            ? authorization.DecideAsync(context, policies)
            : ValueTask.FromResult(FieldAccess.Unrestricted);

    private static (NormalizedQuery? Query, ProblemDetails? Problem) Verdict(string? query, string? typeName, PopcornRegistry registry, FieldAccess access)
    {
        try
        {
            var tree = SelectionParser.Parse(query, registry.Options.Limits);
            int maxPrint = MaxNormalizedLengthFactor * registry.Options.Limits.MaxLength;
            if (SelectionPrinter.PrintIncludeWithin(tree, maxPrint) is not { } include)
            {
                return (null, new ProblemDetails
                {
                    Status = StatusCodes.Status400BadRequest,
                    Title = "Query too large to normalize",
                    Detail = $"Its fragments expand it to more than {maxPrint} characters.",
                });
            }

            if (!string.IsNullOrEmpty(typeName))
            {
                if (registry.FindWriter(typeName) is not { } writer)
                {
                    return (null, new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = "Unknown type", Detail = $"No model type is named '{typeName}'." });
                }

                var plan = PlanCompiler.Compile(writer.Metadata, tree, registry.Plans.CompilerOptions with { Access = access, UnauthorizedFields = registry.Options.UnauthorizedFields });
                long cost = SelectionCost.Estimate(plan, registry.Options.AssumedListSize);
                return (new NormalizedQuery(include, tree.ToGraphQLString(), cost, registry.Options.MaxSelectionCost), null);
            }

            // The GraphQL print is at most a few times the include print, so bounding one bounds both.
            return (new NormalizedQuery(include, tree.ToGraphQLString()), null);
        }
        catch (PopcornQueryException error)
        {
            return (null, PopcornProblems.ToProblem(error));
        }
    }
}

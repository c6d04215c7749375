using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary><c>GET /popcorn/normalize</c>: a query's canonical forms in both syntaxes, checked against a model type when one is named.</summary>
internal static class NormalizeEndpoint
{
    /// <summary>How many times longer than the longest accepted query a normalized form may be.</summary>
    private const int MaxNormalizedLengthFactor = 16;

    public static IResult Normalize(string? query, string? typeName, PopcornRegistry registry)
    {
        try
        {
            var tree = SelectionParser.Parse(query, registry.Options.Limits);
            int maxPrint = MaxNormalizedLengthFactor * registry.Options.Limits.MaxLength;
            if (SelectionPrinter.PrintIncludeWithin(tree, maxPrint) is not { } include)
            {
                return PopcornProblems.Result(new ProblemDetails
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
                    return PopcornProblems.Result(new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = "Unknown type", Detail = $"No model type is named '{typeName}'." });
                }

                PlanCompiler.Compile(writer.Metadata, tree, registry.Plans.CompilerOptions);
            }

            // The GraphQL print is at most a few times the include print, so bounding one bounds both.
            return Results.Json(new NormalizedQuery(include, tree.ToGraphQLString()), PopcornServerJsonContext.Default.NormalizedQuery);
        }
        catch (PopcornQueryException error)
        {
            return PopcornProblems.Result(error);
        }
    }
}

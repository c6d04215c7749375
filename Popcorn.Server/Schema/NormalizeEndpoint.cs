using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// <c>GET /popcorn/normalize</c> and <c>GET /popcorn/check</c>: a query's canonical forms in both syntaxes, checked
/// against a model type when one is named, with the request's GraphQL <c>variables</c> (a JSON object) bound when it
/// gives them, so a document's <c>$name</c>s are judged as the gateway will judge them. Normalize answers a bad query
/// with a 400 problem; check answers 200 with the problem inside, for editors that ask on every pause in typing
/// (browsers log every 4xx response as a console error).
/// </summary>
internal static class NormalizeEndpoint
{
    /// <summary>How many times longer than the longest accepted query a normalized form may be.</summary>
    private const int MaxNormalizedLengthFactor = 16;

    public static async Task<IResult> NormalizeAsync(HttpContext context, string? query, string? typeName, string? variables, PopcornRegistry registry, FieldAuthorization authorization)
    {
        var (normalized, problem) = Verdict(query, typeName, variables, registry, await AccessAsync(context, typeName, registry, authorization));
        return problem is null
            ? Results.Json(normalized, PopcornServerJsonContext.Default.NormalizedQuery)
            : PopcornProblems.Result(problem);
    }

    /// <summary>
    /// The verdict, always with 200. With <paramref name="gateway"/> <c>true</c> the query is a gateway document: judged
    /// by the gateway itself for this caller, every error it would answer with listed (<see cref="GatewayCheck"/>).
    /// </summary>
    public static async Task<IResult> CheckAsync(HttpContext context, CheckRequest request, PopcornRegistry registry, FieldAuthorization authorization, GatewayOperations operations, PopcornGateway gateway)
    {
        if (GatewayRefusal(request, gateway, out bool onGateway) is { } refusal)
        {
            return Checked(null, refusal);
        }

        if (onGateway)
        {
            using var bound = ReadVariables(request.Variables, out var refused);
            if (refused is not null)
            {
                return Checked(null, refused);
            }

            var access = await authorization.DecideAllAsync(context);
            var problems = GatewayCheck.Problems(operations, request.Query!, bound?.RootElement ?? default, request.OperationName, access);
            if (problems.Count > 0)
            {
                return Results.Json(new QueryCheck(false, null, null, problems[0]) { Problems = problems }, PopcornServerJsonContext.Default.QueryCheck);
            }
        }

        var typeAccess = onGateway ? FieldAccess.Unrestricted : await AccessAsync(context, request.Type, registry, authorization);
        var (normalized, problem) = Verdict(request.Query, request.Type, request.Variables, registry, typeAccess, request.OperationName);
        return Checked(normalized, problem);
    }

    private static IResult Checked(NormalizedQuery? normalized, ProblemDetails? problem)
    {
        var check = new QueryCheck(problem is null, normalized?.Include, normalized?.GraphQL, problem, normalized?.Cost, normalized?.MaxCost)
        {
            Problems = problem is null ? null : [problem],
        };
        return Results.Json(check, PopcornServerJsonContext.Default.QueryCheck);
    }

    /// <summary>Why a gateway check cannot be made as asked (a bad <c>gateway</c> value, a type beside it, no gateway, no query); null when it can, or none was asked.</summary>
    private static ProblemDetails? GatewayRefusal(CheckRequest request, PopcornGateway gateway, out bool onGateway)
    {
        onGateway = false;
        if (request.Gateway is null)
        {
            return null;
        }

        if (!bool.TryParse(request.Gateway, out onGateway))
        {
            return Invalid("Invalid parameter", "The 'gateway' parameter must be true or false.");
        }

        if (!onGateway)
        {
            return null;
        }

        if (!string.IsNullOrEmpty(request.Type))
        {
            return Invalid("Invalid parameter", "Name a model type or gateway=true, not both: a gateway document's root fields are the gateway's, not a model's.");
        }

        if (gateway.Path is null)
        {
            return Invalid("No gateway", "This app maps no gateway (MapPopcornGateway), so there is no gateway document to check.");
        }

        return string.IsNullOrWhiteSpace(request.Query) ? Invalid("Invalid GraphQL document", "The request has no 'query'.") : null;
    }

    private static ProblemDetails Invalid(string title, string detail) =>
        new() { Status = StatusCodes.Status400BadRequest, Title = title, Detail = detail };

    /// <summary>What the caller may see of the named type, so a check never confirms a field the caller could not select.</summary>
    private static ValueTask<FieldAccess> AccessAsync(HttpContext context, string? typeName, PopcornRegistry registry, FieldAuthorization authorization) =>
        !string.IsNullOrEmpty(typeName) && registry.FindWriter(typeName) is { Metadata.ReachablePolicies: { Count: > 0 } policies }
            ? authorization.DecideAsync(context, policies)
            : ValueTask.FromResult(FieldAccess.Unrestricted);

    private static (NormalizedQuery? Query, ProblemDetails? Problem) Verdict(string? query, string? typeName, string? variables, PopcornRegistry registry, FieldAccess access, string? operationName = null)
    {
        using var bound = ReadVariables(variables, out var refused);
        if (refused is not null)
        {
            return (null, refused);
        }

        try
        {
            var tree = SelectionParser.Parse(query, registry.Options.Limits, bound?.RootElement ?? default, operationName);
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

    /// <summary>The <c>variables</c> parameter as a JSON object (null when not given), or the problem with it.</summary>
    private static JsonDocument? ReadVariables(string? variables, out ProblemDetails? problem)
    {
        problem = null;
        if (string.IsNullOrWhiteSpace(variables))
        {
            return null;
        }

        try
        {
            var document = JsonDocument.Parse(variables, new JsonDocumentOptions { MaxDepth = GatewayInputTypes.MaxDepth + 1 });
            if (document.RootElement.ValueKind == JsonValueKind.Object)
            {
                return document;
            }

            document.Dispose();
        }
        catch (JsonException)
        {
            // Reported below, as a value that is not an object is.
        }

        problem = new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = "Invalid variables", Detail = "The 'variables' parameter must be a JSON object." };
        return null;
    }
}

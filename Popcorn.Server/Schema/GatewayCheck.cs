using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// <c>GET /popcorn/check?gateway=true</c>: every error <c>/graphql</c> would refuse a document with, found by the
/// gateway's own parse, validation and planning for this caller (<see cref="GatewayOperations.Check"/>: nothing runs,
/// and nothing is logged, counted or cached), each as the problem REST's check gives: <c>detail</c>, <c>line</c>,
/// <c>column</c>, <c>errorKind</c>, and for an unknown field its <c>field</c>, <c>type</c> and <c>suggestions</c>.
/// </summary>
internal static class GatewayCheck
{
    /// <summary>The title of an error the gateway finds itself (spec validation, root fields and their arguments).</summary>
    public const string Title = "Invalid GraphQL document";

    /// <summary>The problems of <paramref name="query"/>, in the order <c>/graphql</c> lists its errors; empty when it would run.</summary>
    public static List<ProblemDetails> Problems(GatewayOperations operations, string query, JsonElement variables, string? operationName, FieldAccess access)
    {
        var errors = operations.Check(new GatewayRequest(query, variables, operationName), access);
        return errors.ConvertAll(ToProblem);
    }

    private static ProblemDetails ToProblem(GraphQLError error)
    {
        if (error.Source is { } source)
        {
            return PopcornProblems.ToProblem(source); // a selection's error, exactly as REST's check words it
        }

        bool forbidden = error.Kind == QueryErrorKind.Forbidden;
        var problem = new ProblemDetails
        {
            Status = forbidden ? StatusCodes.Status403Forbidden : StatusCodes.Status400BadRequest,
            Title = forbidden ? PopcornProblems.ForbiddenTitle : Title,
            Detail = error.Message,
        };
        if (error.Location is { } location)
        {
            problem.Extensions["line"] = location.Line;
            problem.Extensions["column"] = location.Column;
        }

        problem.Extensions["errorKind"] = error.Kind.ToString();
        problem.Extensions["code"] = error.Code;
        if (error.UnknownField is { } unknown)
        {
            problem.Type = unknown.Type;
            problem.Extensions["field"] = unknown.Field;
            problem.Extensions["suggestions"] = unknown.Suggestions;
        }

        return problem;
    }
}

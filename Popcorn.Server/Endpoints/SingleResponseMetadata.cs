using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Popcorn.Server;

/// <summary>
/// Tells OpenAPI what an endpoint returning <see cref="PopcornSingle{T}"/> answers: the model itself (200), or a 404
/// problem when the query has no row. Without it the document would describe the wrapper's own members.
/// </summary>
internal static class SingleResponseMetadata
{
    /// <summary>Adds the responses to <paramref name="metadata"/> when its handler (a <see cref="MethodInfo"/> in it) returns a single query.</summary>
    public static void Describe(IList<object> metadata)
    {
        if (metadata.OfType<MethodInfo>().FirstOrDefault() is not { } handler || ModelOf(handler.ReturnType) is not { } model)
        {
            return;
        }

        metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, model, ["application/json"]));
        metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status404NotFound, typeof(ProblemDetails), ["application/problem+json"]));
    }

    private static Type? ModelOf(Type returned)
    {
        if (returned.IsGenericType && (returned.GetGenericTypeDefinition() == typeof(Task<>) || returned.GetGenericTypeDefinition() == typeof(ValueTask<>)))
        {
            returned = returned.GetGenericArguments()[0];
        }

        return returned.IsGenericType && returned.GetGenericTypeDefinition() == typeof(PopcornSingle<>) ? returned.GetGenericArguments()[0] : null;
    }
}

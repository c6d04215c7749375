using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Mvc;

namespace Popcorn.Server;

/// <summary>What <c>GET /popcorn/check</c> answers, always with 200: the canonical forms of a valid query, or its problem.</summary>
/// <param name="Valid">True when the query parses (and fits the named type).</param>
/// <param name="Include">The include form of a valid query.</param>
/// <param name="GraphQL">The GraphQL form of a valid query.</param>
/// <param name="Problem">Why the query is not valid: the problem <c>/popcorn/normalize</c> would answer with a 400.</param>
/// <param name="Cost">With a type, for a valid query: its estimated cost for one value (see <see cref="NormalizedQuery"/>).</param>
/// <param name="MaxCost">With a type, for a valid query: the server's default limit on that cost.</param>
public sealed record QueryCheck(
    bool Valid,
    string? Include,
    [property: JsonPropertyName("graphql")] string? GraphQL,
    ProblemDetails? Problem,
    long? Cost = null,
    int? MaxCost = null)
{
    /// <summary>
    /// Every problem found, <see cref="Problem"/> first; null for a valid query. A selection checked against a type has
    /// one (its compiler stops at the first); a gateway document (<c>gateway=true</c>) has every error the gateway would
    /// answer it with.
    /// </summary>
    public IReadOnlyList<ProblemDetails>? Problems { get; init; }
}

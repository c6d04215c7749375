using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A root field answered by an upstream service, a Popcorn service's (<see cref="UpstreamRootField"/>) or a plain JSON
/// service's (<see cref="OpenApiRootField"/>), as both the gateway's planner and a REST resource of the gateway app
/// (<see cref="UpstreamResourceHandler"/>) call it: first the service's request is printed for a compiled plan and the
/// bound arguments (the joins under it found), then it is sent and the answer projected.
/// </summary>
internal interface IUpstreamSource : IRootFieldSource
{
    UpstreamRootFieldSpec Spec { get; }

    /// <summary>The upstream types and joins, which the service's request and a plan's joins are found with.</summary>
    UpstreamCatalog Catalog { get; }

    /// <summary>
    /// What is sent to the service for <paramref name="plan"/> and <paramref name="arguments"/> (a Popcorn service's
    /// selection, a plain service's path and query), and the joins the plan makes; null with the client's error when the
    /// plan cannot be sent (too deep for the service, a list argument too long).
    /// </summary>
    string? PrintRequest(IReadOnlyDictionary<string, object?> arguments, SelectionPlan plan, PopcornOptions options, out UpstreamJoinPlan? joins, out string? refusal);

    /// <summary>Sends <paramref name="request"/> and returns the field's value, projected through the plan and checked, its joins filled.</summary>
    /// <exception cref="UpstreamUnavailableException">The service gave nothing usable.</exception>
    /// <exception cref="PopcornSourceLimitExceededException">The joined value would pass the response's byte limit.</exception>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    Task<UpstreamValue> FetchAsync(HttpContext context, string request, SelectionPlan plan, string key, UpstreamJoinPlan? joins);
}

using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>
/// Keeps ASP.NET Core's output cache from serving one caller's response to a caller whose field authorization differs:
/// on a Popcorn endpoint that can reach a protected field and has an output-cache policy of its own
/// (<c>.CacheOutput()</c>, <c>[OutputCache]</c>), adds the caller's decisions (the refused <c>[PopcornAuthorize]</c>
/// policies, never the user) as a vary value. Caching turned on any other way (a base policy of the app's) cannot be
/// seen when the vary values are taken, so a response whose plan depended on a decision is then not stored at all.
/// Nothing is added, and nothing evaluated, on the other endpoints.
/// </summary>
internal static class FieldAccessVary
{
    private const string VaryKey = "popcorn-field-access";

    /// <summary>
    /// Adds the vary value for the request's endpoint: a resource's policies are those its model reaches; the gateway's,
    /// the schema tools' and a resource whose model is known only after its handler runs depend on every policy.
    /// The decisions are kept for the request, so the pipeline does not evaluate them again.
    /// </summary>
    public static ValueTask AddAsync(OutputCacheContext context)
    {
        var http = context.HttpContext;
        var metadata = http.GetEndpoint()?.Metadata;
        if (metadata is null
            || (metadata.GetMetadata<IPopcornEndpointMetadata>() is null && metadata.GetMetadata<PopcornOwnEndpointMetadata>() is null)
            || (metadata.GetMetadata<IOutputCachePolicy>() is null && metadata.GetMetadata<OutputCacheAttribute>() is null))
        {
            return ValueTask.CompletedTask;
        }

        var registry = http.RequestServices.GetRequiredService<PopcornRegistry>();
        var declared = metadata.GetMetadata<IPopcornEndpointMetadata>() is null ? null : http.RequestServices.GetRequiredService<EndpointModels>().ShapeOf(http.GetEndpoint());
        var policies = declared?.Metadata.ReachablePolicies ?? registry.AllPolicies;
        return policies.Count == 0 ? ValueTask.CompletedTask : AddDecisionsAsync(context, policies);
    }

    /// <summary>
    /// Before a response is stored: one whose plan depended on a field authorization decision, on a request that got no
    /// vary value for it (caching turned on by a base policy), is not stored.
    /// </summary>
    public static void RefuseUnvariedStorage(OutputCacheContext context)
    {
        if (FieldAuthorization.DecidedAny(context.HttpContext) && !context.CacheVaryByRules.VaryByValues.ContainsKey(VaryKey))
        {
            context.AllowCacheStorage = false;
        }
    }

    private static async ValueTask AddDecisionsAsync(OutputCacheContext context, IReadOnlyList<string> policies)
    {
        var access = await context.HttpContext.RequestServices.GetRequiredService<FieldAuthorization>().DecideAsync(context.HttpContext, policies);
        context.CacheVaryByRules.VaryByValues[VaryKey] = string.Join(",", access.DeniedPolicies);
    }
}

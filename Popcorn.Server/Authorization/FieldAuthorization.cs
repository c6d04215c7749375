using System.Collections.Concurrent;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Decides which <c>[PopcornAuthorize]</c> policies the caller of a request satisfies, with ASP.NET Core's
/// <see cref="IAuthorizationService"/>, each policy at most once per request (a gateway request's root fields share the
/// decisions), and holds the plan caches of callers refused some of them: one cache per set of refusals, so plans are
/// shared by every caller refused the same policies and never by user. A singleton.
/// </summary>
/// <remarks>
/// A policy that cannot be evaluated (no authorization services registered, a policy name the app does not define)
/// counts as refused, so a misconfiguration hides a field rather than showing it; it is logged as a warning.
/// </remarks>
internal sealed class FieldAuthorization(PopcornRegistry registry, ILogger<FieldAuthorization> logger)
{
    /// <summary>
    /// The most sets of refusals given a plan cache of their own (per semantics). Each set is one combination of
    /// refused policies, so an app with a few policies never comes near it; past it, plans are compiled uncached rather
    /// than letting the caches grow without bound.
    /// </summary>
    internal const int MaxCachedAccessSets = 64;

    private readonly ConcurrentDictionary<(SelectionPlanCache Basis, FieldAccess Access), SelectionPlanCache> _restricted = new();

    /// <summary>What selection texts came to on types that reach protected fields, per plan cache (see <see cref="SettledSelections"/>).</summary>
    public SettledSelections Settled { get; } = new(registry.Options.PlanCacheCapacity, registry.Options.Limits.MaxLength);

    /// <summary>
    /// What the caller may see among <paramref name="policies"/>: <see cref="FieldAccess.Unrestricted"/> when every one
    /// allows them, else an access refusing exactly those that do not.
    /// </summary>
    public async ValueTask<FieldAccess> DecideAsync(HttpContext context, IReadOnlyList<string> policies)
    {
        var decisions = context.Features.Get<FieldDecisions>();
        if (decisions is null)
        {
            decisions = new FieldDecisions();
            context.Features.Set(decisions);
        }

        List<string>? denied = null;
        foreach (string policy in policies)
        {
            if (!decisions.TryGet(policy, out bool allowed))
            {
                allowed = await EvaluateAsync(context, policy);
                decisions.Set(policy, allowed);
            }

            if (!allowed)
            {
                (denied ??= new List<string>(policies.Count)).Add(policy);
            }
        }

        return denied is null ? FieldAccess.Unrestricted : FieldAccess.Denying(denied);
    }

    /// <summary>Whether any field authorization policy was decided for this request (its response depends on the caller).</summary>
    public static bool DecidedAny(HttpContext context) => context.Features.Get<FieldDecisions>() is { Count: > 0 };

    /// <summary>What the caller may see of every model (for schemas): the decisions on every policy the app's models use.</summary>
    public ValueTask<FieldAccess> DecideAllAsync(HttpContext context) =>
        registry.AllPolicies.Count == 0 ? ValueTask.FromResult(FieldAccess.Unrestricted) : DecideAsync(context, registry.AllPolicies);

    /// <summary>
    /// The plan cache for callers with <paramref name="access"/>, alongside <paramref name="basis"/> (REST's or the
    /// gateway's): the same options, limits and capacity, compiling with the access and the app's
    /// <see cref="PopcornOptions.UnauthorizedFields"/>.
    /// </summary>
    public SelectionPlanCache PlansFor(SelectionPlanCache basis, FieldAccess access)
    {
        if (access.IsUnrestricted)
        {
            return basis;
        }

        if (_restricted.TryGetValue((basis, access), out var plans))
        {
            return plans;
        }

        plans = registry.CreatePlanCache(basis.CompilerOptions with { Access = access, UnauthorizedFields = registry.Options.UnauthorizedFields });
        return _restricted.Count < MaxCachedAccessSets ? _restricted.GetOrAdd((basis, access), plans) : plans;
    }

    private async ValueTask<bool> EvaluateAsync(HttpContext context, string policy)
    {
        var service = context.RequestServices.GetService<IAuthorizationService>();
        if (service is null)
        {
            logger.FieldPolicyNotEvaluated(policy, "no IAuthorizationService is registered (call AddAuthorization)");
            return false;
        }

        try
        {
            // The HttpContext as the resource, as ASP.NET Core's authorization middleware passes it to endpoint policies.
            return (await service.AuthorizeAsync(context.User, context, policy)).Succeeded;
        }
        catch (InvalidOperationException e)
        {
            logger.FieldPolicyNotEvaluated(policy, e.Message);
            return false;
        }
    }

    /// <summary>One request's decisions, so each policy is evaluated once however many plans touch it.</summary>
    private sealed class FieldDecisions
    {
        private readonly Dictionary<string, bool> _allowed = new(StringComparer.Ordinal);

        public bool TryGet(string policy, out bool allowed) => _allowed.TryGetValue(policy, out allowed);

        public void Set(string policy, bool allowed) => _allowed[policy] = allowed;

        public int Count => _allowed.Count;
    }
}

using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Compiling for a caller: the one routine that re-plans for the policies a caller is refused.</summary>
internal sealed partial class CallerPlans
{
    /// <summary>
    /// The one re-plan routine, for REST plans and gateway operations alike. <paramref name="unrestricted"/> was made as
    /// if the caller may see everything; when it touches no protected field (the common case) or the app has no
    /// <paramref name="policies"/>, it is settled as it is, synchronously. Otherwise every policy in
    /// <paramref name="policies"/> is decided for the caller (once per request) and <paramref name="forAccess"/> gives
    /// the result for that access: the unrestricted one when nothing was refused, else the one made again for callers
    /// refused the same policies, so the caller gets exactly the answer a field that does not exist would give.
    /// </summary>
    /// <remarks>
    /// Every reachable policy, not only those the selection touched: which policies are evaluated, and so how long the
    /// request takes, must not depend on whether a name the client wrote is a hidden field or no field at all. A result
    /// that failed outright counts as touching: its error may concern a field the caller may not see (a suggestion,
    /// children on a hidden scalar).
    /// </remarks>
    public ValueTask<T> ForCallerAsync<T, TState>(HttpContext context, IReadOnlyList<string> policies, T unrestricted, bool touchesPolicies, TState state, Func<TState, FieldAccess, T, T> forAccess)
    {
        if (!touchesPolicies || policies.Count == 0)
        {
            return new(forAccess(state, FieldAccess.Unrestricted, unrestricted));
        }

        return DecideThenAsync(context, policies, unrestricted, state, forAccess);
    }

    private async ValueTask<T> DecideThenAsync<T, TState>(HttpContext context, IReadOnlyList<string> policies, T unrestricted, TState state, Func<TState, FieldAccess, T, T> forAccess) =>
        forAccess(state, await authorization.DecideAsync(context, policies), unrestricted);

    /// <summary>
    /// Compiles through <paramref name="plans"/> as usual (everything visible), then settles the plan for the caller
    /// through <see cref="ForCallerAsync"/>: recompiled through the cache of callers refused the same policies when one
    /// is refused. A text whose first compile fails on a type with protected fields is remembered
    /// (<see cref="RefusedSelections"/>), so an unknown name then costs a lookup, as a hidden one does;
    /// <paramref name="text"/> is that text (null for a parsed tree: not remembered). Completes synchronously unless a
    /// policy is evaluated.
    /// </summary>
    private ValueTask<PlanOutcome> CompileForCallerAsync<TState>(HttpContext context, SelectionPlanCache plans, TypeMetadata type, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state, string? text)
    {
        var policies = type.ReachablePolicies;
        PlanOutcome unrestricted;
        if (policies.Count > 0 && text is not null && authorization.Refused.TryGet(plans, type, text, out var remembered))
        {
            unrestricted = PlanOutcome.Failed(remembered!);
        }
        else
        {
            try
            {
                unrestricted = PlanOutcome.Compiled(compile(plans, state));
            }
            catch (PopcornQueryException error)
            {
                if (policies.Count > 0 && text is not null)
                {
                    authorization.Refused.Add(plans, type, text, error);
                }

                unrestricted = PlanOutcome.Failed(error);
            }
        }

        bool touches = unrestricted.Plan is not { } plan || plan.Policies.Count > 0;
        return ForCallerAsync(context, policies, unrestricted, touches, (self: this, authorization, plans, compile, state), static (s, access, unrestricted) =>
        {
            if (access.IsUnrestricted)
            {
                return unrestricted.Error is { } error ? PlanOutcome.Failed(s.self.Rejected(error)) : unrestricted;
            }

            try
            {
                return PlanOutcome.Compiled(s.compile(s.authorization.PlansFor(s.plans, access), s.state));
            }
            catch (PopcornQueryException error)
            {
                return PlanOutcome.Failed(s.self.Rejected(error));
            }
        });
    }
}

using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Step 5 for a caller: the plan a selection compiles to for what this request's caller may see.</summary>
internal sealed partial class PopcornPipeline
{
    /// <summary>
    /// Compiles through <paramref name="plans"/> as usual (everything visible); a plan that touches no protected field,
    /// the common case, is the answer with nothing more done. Otherwise every policy the root type can reach is decided
    /// for the caller (once per request) and, when one is refused, the selection is compiled again through the cache of
    /// callers refused the same policies, so the caller gets exactly the plan (or the error) a field that does not exist
    /// would give. A selection that does not compile at all on such a type is decided the same way, because its error
    /// may concern a field the caller may not see (a suggestion, children on a hidden scalar).
    /// </summary>
    /// <remarks>
    /// Every reachable policy, not only those the selection touched: which policies are evaluated, and so how long the
    /// request takes, must not depend on whether a name the client wrote is a hidden field or no field at all. For the
    /// same reason a text whose first compile fails is remembered (<see cref="RefusedSelections"/>): an unknown name then
    /// costs a lookup, as a hidden one does. <paramref name="text"/> is that text (null for a parsed tree: not
    /// remembered). Completes synchronously unless a policy is evaluated.
    /// </remarks>
    private ValueTask<PlanOutcome> CompileForCallerAsync<TState>(HttpContext context, SelectionPlanCache plans, TypeMetadata type, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state, string? text)
    {
        var policies = type.ReachablePolicies;
        if (policies.Count > 0 && text is not null && authorization.Refused.TryGet(plans, type, text, out var remembered))
        {
            return CompileRestrictedAsync(context, plans, policies, compile, state, PlanOutcome.Failed(remembered!));
        }

        SelectionPlan plan;
        try
        {
            plan = compile(plans, state);
        }
        catch (PopcornQueryException error)
        {
            if (policies.Count == 0)
            {
                return new(PlanOutcome.Failed(Rejected(error)));
            }

            if (text is not null)
            {
                authorization.Refused.Add(plans, type, text, error);
            }

            return CompileRestrictedAsync(context, plans, policies, compile, state, PlanOutcome.Failed(error));
        }

        return plan.Policies.Count == 0
            ? new(PlanOutcome.Compiled(plan))
            : CompileRestrictedAsync(context, plans, policies, compile, state, PlanOutcome.Compiled(plan));
    }

    /// <summary>
    /// The plan for a gateway root field's selection (the gateway's semantics) for callers with <paramref name="access"/>,
    /// or the (logged) reason it does not fit. The gateway decides the access for the whole operation first.
    /// </summary>
    public bool TryCompileForGateway(TypeMetadata type, SelectionTree selection, FieldAccess access, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error)
    {
        try
        {
            plan = authorization.PlansFor(registry.GatewayPlans, access).GetOrCompile(type, selection);
            error = null;
            return true;
        }
        catch (PopcornQueryException e)
        {
            plan = null;
            error = Rejected(e);
            return false;
        }
    }

    private async ValueTask<PlanOutcome> CompileRestrictedAsync<TState>(
        HttpContext context,
        SelectionPlanCache plans,
        IReadOnlyList<string> policies,
        Func<SelectionPlanCache, TState, SelectionPlan> compile,
        TState state,
        PlanOutcome unrestricted)
    {
        var access = await authorization.DecideAsync(context, policies);
        if (access.IsUnrestricted)
        {
            return unrestricted.Error is { } error ? PlanOutcome.Failed(Rejected(error)) : unrestricted;
        }

        try
        {
            return PlanOutcome.Compiled(compile(authorization.PlansFor(plans, access), state));
        }
        catch (PopcornQueryException error)
        {
            return PlanOutcome.Failed(Rejected(error));
        }
    }
}

/// <summary>A compiled plan, or the (logged) reason the selection does not fit.</summary>
internal readonly record struct PlanOutcome(SelectionPlan? Plan, PopcornQueryException? Error)
{
    public static PlanOutcome Compiled(SelectionPlan plan) => new(plan, null);

    public static PlanOutcome Failed(PopcornQueryException error) => new(null, error);
}

/// <summary>What <see cref="PopcornPipeline.BeginAsync"/> settled: the exchange to go on with, or the problem to answer instead of running the handler.</summary>
internal readonly record struct PopcornBegin(PopcornExchange Exchange, IResult? Problem)
{
    public static PopcornBegin Refused(IResult problem) => new(default, problem);
}

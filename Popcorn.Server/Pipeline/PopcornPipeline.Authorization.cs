using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Step 5 for a caller: the plan a selection compiles to for what this request's caller may see.</summary>
internal sealed partial class PopcornPipeline
{
    /// <summary>
    /// Compiles through <paramref name="plans"/> as usual (everything visible); a plan that touches no protected field,
    /// the common case, is the answer with nothing more done. Otherwise the policies it touched are decided for the
    /// caller (once per request) and, when one is refused, the selection is compiled again through the cache of callers
    /// refused the same policies, so the caller gets exactly the plan (or the error) a field that does not exist would
    /// give. A selection that does not compile at all on a type that reaches protected fields is decided the same way
    /// over every policy the type reaches, because its error may concern a field the caller may not see (a suggestion,
    /// children on a hidden scalar). Completes synchronously unless a policy is evaluated.
    /// </summary>
    private ValueTask<PlanOutcome> CompileForCallerAsync<TState>(HttpContext context, SelectionPlanCache plans, TypeMetadata type, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state)
    {
        SelectionPlan plan;
        try
        {
            plan = compile(plans, state);
        }
        catch (PopcornQueryException error)
        {
            return type.ReachablePolicies.Count == 0
                ? new(PlanOutcome.Failed(Rejected(error)))
                : CompileRestrictedAsync(context, plans, type.ReachablePolicies, compile, state, PlanOutcome.Failed(error));
        }

        return plan.Policies.Count == 0
            ? new(PlanOutcome.Compiled(plan))
            : CompileRestrictedAsync(context, plans, plan.Policies, compile, state, PlanOutcome.Compiled(plan));
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

using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Compiling for a caller: the one routine that re-plans for the policies a caller is refused.</summary>
internal sealed partial class CallerPlans
{
    private ProtectedFieldNames? _protectedNames;

    /// <summary>
    /// Whether a GraphQL document names a protected field anywhere (a skipped selection, an unused fragment included):
    /// such a document is settled for the caller like one whose plan touches a policy, so it is validated against the
    /// schema the caller sees and a skipped hidden field is refused as an unknown one is (<see cref="ProtectedFieldNames"/>).
    /// </summary>
    public bool NamesProtectedField(string document) => (_protectedNames ??= new ProtectedFieldNames(registry)).AnyIn(document);

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
    /// is refused. On a type that reaches protected fields, a text's outcome (plan or error) is remembered for each of
    /// the two compiles (<see cref="SettledSelections"/>), so a hidden name and an unknown one take the same steps:
    /// a lookup, the same policies decided, a lookup. <paramref name="text"/> is that text (null for a parsed tree: not
    /// remembered). Completes synchronously unless a policy is evaluated.
    /// </summary>
    private ValueTask<PlanOutcome> CompileForCallerAsync<TState>(HttpContext context, SelectionPlanCache plans, TypeMetadata type, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state, string? text)
    {
        var policies = type.ReachablePolicies;
        var unrestricted = policies.Count > 0 && text is not null
            ? Settle(plans, type, text, compile, state)
            : Outcome(plans, compile, state);

        bool touches = unrestricted.Plan is not { } plan || plan.Policies.Count > 0;
        return ForCallerAsync(context, policies, unrestricted, touches, (self: this, authorization, plans, type, text, compile, state), static (s, access, unrestricted) =>
        {
            var outcome = unrestricted;
            if (!access.IsUnrestricted)
            {
                var restricted = s.authorization.PlansFor(s.plans, access);
                outcome = s.text is not null ? s.self.Settle(restricted, s.type, s.text, s.compile, s.state) : Outcome(restricted, s.compile, s.state);
            }

            return outcome.Error is { } error ? PlanOutcome.Failed(s.self.Rejected(error)) : outcome;
        });
    }

    /// <summary>
    /// The plan of a REST selection text with every field visible, or the error it gets, neither logged nor counted (the
    /// output cache's key is worked out before the pipeline answers). On a type that reaches protected fields it is the
    /// remembered outcome (<see cref="SettledSelections"/>), so a hidden name and an unknown one cost the same here too.
    /// </summary>
    public PlanOutcome Unrestricted(TypeMetadata type, string? text) =>
        type.ReachablePolicies.Count > 0 && text is not null
            ? Settle(registry.Plans, type, text, static (plans, state) => plans.GetOrCompile(state.type, state.text), (type, text))
            : Outcome(registry.Plans, static (plans, state) => plans.GetOrCompile(state.type, state.text), (type, text));

    /// <summary>The remembered outcome of <paramref name="text"/> in <paramref name="plans"/>, or the compile's, remembered.</summary>
    private PlanOutcome Settle<TState>(SelectionPlanCache plans, TypeMetadata type, string text, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state)
    {
        if (authorization.Settled.TryGet(plans, type, text, out var settled))
        {
            return settled;
        }

        var outcome = Outcome(plans, compile, state);
        authorization.Settled.Add(plans, type, text, outcome);
        return outcome;
    }

    private static PlanOutcome Outcome<TState>(SelectionPlanCache plans, Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state)
    {
        try
        {
            return PlanOutcome.Compiled(compile(plans, state));
        }
        catch (PopcornQueryException error)
        {
            return PlanOutcome.Failed(error);
        }
    }
}

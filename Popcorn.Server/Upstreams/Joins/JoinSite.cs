using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// One place in a compiled plan where a join is selected (<c>orders[].customer</c>): the join, the planned field (its
/// child plan is what the client selected under it), the slot of the parent's key among the keys its object captures,
/// and what the target service is sent for it: <see cref="Selection"/>, the sub-selection printed with the target key
/// under <see cref="TargetKeyAlias"/>. Printed once with the operation, which the document cache keeps.
/// </summary>
internal sealed class JoinSite(UpstreamJoin join, PlannedField planned, int keySlot, string selection, string targetKeyAlias)
{
    /// <summary>A join to many's <c>where</c> and <c>orderBy</c>, which the target's call carries; none for a join to one.</summary>
    public JoinListArguments ListArguments { get; } = join.IsMany && planned.Arguments is { } arguments ? JoinListArguments.From(arguments.Text) : default;

    public UpstreamJoin Join { get; } = join;

    public PlannedField Planned { get; } = planned;

    /// <summary>The plan of the target's objects.</summary>
    public SelectionPlan Plan => Planned.Child!;

    /// <summary>Where the parent's key is in <see cref="PlanJoins.KeyAliases"/>.</summary>
    public int KeySlot { get; } = keySlot;

    /// <summary>The sub-selection sent to the target service, e.g. <c>[name,id]</c>.</summary>
    public string Selection { get; } = selection;

    /// <summary>The key under which the target's objects carry the target key in its answer.</summary>
    public string TargetKeyAlias { get; } = targetKeyAlias;
}

/// <summary>
/// The joins of one object plan: the site of each planned field that is a join (by its index in the plan, null for
/// others) and the names under which the service sends the keys those joins need.
/// </summary>
internal sealed class PlanJoins(JoinSite?[] siteAt, string[] keyAliases)
{
    public JoinSite?[] SiteAt { get; } = siteAt;

    public string[] KeyAliases { get; } = keyAliases;
}

/// <summary>Every object plan of an upstream root field's plan that selects a join, with its joins; none for most fields.</summary>
internal sealed class UpstreamJoinPlan
{
    private readonly Dictionary<SelectionPlan, PlanJoins> _byPlan = new(ReferenceEqualityComparer.Instance);

    public PlanJoins? For(SelectionPlan plan) => _byPlan.GetValueOrDefault(plan);

    public bool IsEmpty => _byPlan.Count == 0;

    public void Add(SelectionPlan plan, PlanJoins joins) => _byPlan.TryAdd(plan, joins);
}

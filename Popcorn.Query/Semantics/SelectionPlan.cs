namespace Popcorn.Query;

/// <summary>
/// A selection compiled against a type: the keys to write, in output order, each with its field index
/// and child plan. Names, wildcards, defaults, <c>[Always]</c>/<c>[Never]</c> and negation are all
/// settled; a writer follows it without comparing a string. Plans are immutable and shared across
/// threads. The deep wildcard's plans refer back to themselves where the type graph cycles.
/// </summary>
public sealed partial class SelectionPlan
{
    private PlannedField[] _fields = Array.Empty<PlannedField>();

    internal SelectionPlan(TypeMetadata type)
    {
        Type = type;
    }

    /// <summary>The type this plan writes.</summary>
    public TypeMetadata Type { get; }

    /// <summary>The keys to write, in output order: declaration order, and a field's aliases in the order written.</summary>
    public ReadOnlySpan<PlannedField> Fields => _fields;

    /// <summary>The number of keys written.</summary>
    public int Count => _fields.Length;

    /// <summary>
    /// The authorization policies (<c>[PopcornAuthorize]</c>) of every protected field the compilation considered, in
    /// ordinal order: those named, and those a wildcard, a default or <c>[Always]</c> would add. Set on the plan a
    /// compilation returns (its child plans list none). Empty, the common case, means the plan is the same for every
    /// caller and nothing needs authorizing; otherwise a host evaluates these policies and, when one is refused,
    /// compiles again with a <see cref="PlanCompilerOptions.Access"/> that says so.
    /// </summary>
    public IReadOnlyList<string> Policies { get; internal set; } = Array.Empty<string>();

    /// <summary>
    /// True when an object met again on its own path is written again, as the GraphQL specification requires, rather
    /// than as <c>null</c> (System.Text.Json's <c>IgnoreCycles</c>, every other plan's rule). Set on the plan a
    /// compilation returns (its child plans say false) when it compiled a selection under
    /// <see cref="SelectionSemantics.GraphQL"/> without a wildcard and without a complex field left to its defaults: such
    /// a plan and its child plans form a finite tree, as deep as the selection, so no cycle in the data can make the
    /// write endless. Writers still refuse to nest deeper than the JSON writer's <c>MaxDepth</c>.
    /// </summary>
    public bool RepeatsObjects { get; internal set; }

    /// <summary>
    /// True when the plan writes every selectable field once, under its own name, in declaration order,
    /// with full child plans: a writer may then take a straight-line "write everything" path.
    /// </summary>
    public bool IsFull { get; private set; }

    internal void Initialize(PlannedField[] fields, bool isFull)
    {
        _fields = fields;
        IsFull = isFull || WritesEveryFieldOnce(fields);
    }

    private bool WritesEveryFieldOnce(PlannedField[] fields)
    {
        var selectable = Type.SelectableFields;
        if (fields.Length != selectable.Count)
        {
            return false;
        }

        for (int i = 0; i < fields.Length; i++)
        {
            var planned = fields[i];
            if (planned.Field != selectable[i] || planned.ElementsRequired || planned.Aggregate is not null || planned.OutputName != planned.Field.WireName || planned.Arguments is not null)
            {
                return false;
            }

            if (planned.Field.AcceptsChildren && planned.Child is not { IsFull: true })
            {
                return false;
            }
        }

        return true;
    }

    // The estimated cost for one assumed list size (SelectionCost), kept with the cached plan so a cache hit checks a
    // budget without walking the plan. One immutable object, so a racing reader sees a whole pair or none.
    private CostEntry? _cost;

    internal long? CachedCost(int listSize) => _cost is { } cost && cost.ListSize == listSize ? cost.Cost : null;

    internal long CacheCost(int listSize, long cost)
    {
        _cost = new CostEntry(listSize, cost);
        return cost;
    }

    private sealed record CostEntry(int ListSize, long Cost);

    /// <summary>Whether a key of this plan writes a model (an object, or a list or map of them), i.e. needs a join in a query.</summary>
    public bool ReadsNestedModels
    {
        get
        {
            foreach (var planned in _fields)
            {
                if (planned.Field?.ElementType is not null && planned.Aggregate is null)
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>
    /// The <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c> of the root list this plan writes (REST
    /// <c>?include=(first: 10)[id]</c>, or a gateway root field's arguments), validated against <see cref="Type"/>; null,
    /// the common case, when there are none. Only the plan a compilation returns carries them: a sequence source
    /// applies them before writing its elements with this plan (a query source in the query, anything else in memory
    /// with <see cref="CollectionArguments.Apply{T}"/>); a single object refuses them.
    /// </summary>
    public CollectionArguments? Arguments { get; private set; }

    /// <summary>Where the root arguments were written, for the error of a host that finds a single object instead of a list.</summary>
    public SourceLocation ArgumentsLocation { get; private set; }

    /// <summary>A copy of this plan (its child plans shared) that carries root <paramref name="arguments"/>.</summary>
    internal SelectionPlan WithArguments(CollectionArguments? arguments, SourceLocation at = default)
    {
        var copy = new SelectionPlan(Type) { _fields = _fields, IsFull = IsFull, Policies = Policies, RepeatsObjects = RepeatsObjects, Arguments = arguments, ArgumentsLocation = at };
        copy.InitializeDerived(_derivedPlans, WritesDiscriminator, IsFull);

        // The same keys and derived plans write the same fields: a copy made per request (a cursor page) need not walk them again.
        copy._resolvesInBatches = _resolvesInBatches;
        return copy;
    }

    private SelectionPlan? _forQueriedRows;

    /// <summary>
    /// The plan to write rows with that a query source arranged by this plan's list arguments (a projected EF Core
    /// query): every <see cref="PlannedField.Arguments"/> removed. Writing such rows with this plan applies nothing twice. Itself when the plan has no arguments; computed once per plan.
    /// </summary>
    public SelectionPlan ForQueriedRows() => _forQueriedRows ??= ArgumentFreePlan.Of(Arguments is null ? this : WithArguments(null));

    // Computed on first use, for response caches: a race computes it twice and keeps either, which are equal.
    private PlanSignature? _signature;

    /// <summary>What the plan writes, independent of how the selection was spelled; see <see cref="PlanSignature"/>.</summary>
    internal PlanSignature Signature => _signature ??= PlanSignature.Of(this);

    /// <summary>The plan as include-like text, for debugging: <c>Employee[id,manager{Employee}]</c>.</summary>
    public override string ToString() => $"{(Arguments is null ? string.Empty : $"({Arguments})")}{Type.Name}[{string.Join(",", _fields.Select(f => f.ToString()))}]";
}

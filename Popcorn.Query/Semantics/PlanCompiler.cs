namespace Popcorn.Query;

/// <summary>
/// Resolves a <see cref="SelectionTree"/> against a type's metadata into a <see cref="SelectionPlan"/>,
/// applying Popcorn's semantics once so that writing never has to.
/// </summary>
/// <remarks>
/// Per level: wildcards add fields weakly (an explicitly named field keeps its own children), named
/// fields add strongly and merge when repeated under one key, <c>[Always]</c> fields are added last,
/// and <c>-name</c> removes the field's own (unaliased) key unless it is <c>[Always]</c>. Under
/// <see cref="SelectionSemantics.GraphQL"/> keys keep the order they were first claimed in and <c>[Always]</c> is an
/// ordinary field: never added, removable.
/// </remarks>
public static partial class PlanCompiler
{
    /// <summary>Compiles <paramref name="tree"/> for <paramref name="type"/>.</summary>
    /// <exception cref="PopcornQueryException">An unknown or <c>[Never]</c> field, children on a scalar, two fields under one key, or arguments where none are taken.</exception>
    public static SelectionPlan Compile(TypeMetadata type, SelectionTree tree, PlanCompilerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(tree);
        var session = new CompileSession(tree.SourceText, options ?? PlanCompilerOptions.Default, ownText: false, policies: null);
        var plan = tree.IsDefault ? session.DefaultPlan(type) : session.CompileLevel(type, tree.Properties);
        if (tree.Arguments.Count > 0)
        {
            // A copy of the root plan: the same plan object may also be a child (cyclic defaults, the deep wildcard), whose lists the root's arguments do not arrange.
            var at = tree.Arguments[0].Location;
            plan = plan.WithArguments(new ArgumentReader(session, type, RootFieldName, type.Name, tree.Arguments, at).Read(), at);
        }

        plan.Policies = session.TouchedPolicies();
        plan.RepeatsObjects = session.FollowsSelection && !session.Expanded;
        return plan;
    }

    /// <summary>How errors name the root list, whose arguments are written before the selection (REST) or on a root field (the gateway).</summary>
    internal const string RootFieldName = "(root)";

    /// <summary>The plan for a type's defaults (what an absent selection writes).</summary>
    public static SelectionPlan CompileDefault(TypeMetadata type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return new CompileSession(null, PlanCompilerOptions.Default, ownText: false, policies: null).DefaultPlan(type);
    }

    /// <summary>
    /// State of one compilation: memoized default and full plans, so cyclic types terminate, and the authorization
    /// policies of every protected field it considered. <paramref name="ownText"/>: the text is the server's own
    /// (<c>[SubPropertyDefault]</c>), so a field the caller may not see is left out silently rather than refused.
    /// </summary>
    private sealed partial class CompileSession(string? sourceText, PlanCompilerOptions options, bool ownText, SortedSet<string>? policies)
    {
        private SortedSet<string>? _policies = policies;

        private readonly Dictionary<TypeMetadata, SelectionPlan> _fullPlans = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<TypeMetadata, SelectionPlan> _defaultPlans = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<FieldMetadata, SelectionPlan> _subDefaultPlans = new(ReferenceEqualityComparer.Instance);

        public SelectionPlan FullPlan(TypeMetadata type)
        {
            Expanded = true;
            if (_fullPlans.TryGetValue(type, out var plan))
            {
                return plan;
            }

            plan = new SelectionPlan(type);
            _fullPlans.Add(type, plan);
            var fields = new List<PlannedField>(type.SelectableFields.Count);
            foreach (var field in type.SelectableFields)
            {
                if (Sees(field))
                {
                    fields.Add(new PlannedField(field, field.WireName, field.ElementType is { } element ? FullPlan(element) : null, elementsRequired: RequiresElements(field)));
                }
            }

            // Full (the writers' straight-line path, which writes every selectable field) only when no field below is
            // hidden and no list below refuses null elements (the straight-line path writes them without the check).
            plan.Initialize(fields.ToArray(), isFull: !HidesAnyBelow(type) && !(FollowsSelection && type.ReachesNonNullElements));
            PlanDerived(plan, static (session, derived, _) => session.FullPlan(derived), items: null, isFull: plan.IsFull && !FollowsSelection);
            return plan;
        }

        public SelectionPlan DefaultPlan(TypeMetadata type)
        {
            Expanded = true;
            if (_defaultPlans.TryGetValue(type, out var plan))
            {
                return plan;
            }

            // Registered before its fields are planned: a type whose defaults reach itself refers back to this plan.
            plan = new SelectionPlan(type);
            _defaultPlans.Add(type, plan);
            var level = new LevelBuilder(this, type);
            foreach (var field in type.DefaultFields)
            {
                if (Sees(field))
                {
                    level.AddWeak(field, full: false);
                }
            }

            level.AddAlways();
            plan.Initialize(level.Build(), isFull: false);
            PlanDerived(plan, static (session, derived, _) => session.DefaultPlan(derived), items: null);
            return plan;
        }

        public SelectionPlan CompileLevel(TypeMetadata type, IReadOnlyList<PropertyReference> items)
        {
            // A lone deep wildcard is the shared full plan, so writers can take their straight-line path.
            if (items is [{ Name: PropertyReference.FullWildcard, IsNegated: false }])
            {
                return FullPlan(type);
            }

            var level = new LevelBuilder(this, type);
            foreach (var item in items)
            {
                level.Add(item);
            }

            level.AddAlways();
            var plan = new SelectionPlan(type);
            plan.Initialize(level.Build(), isFull: false);
            PlanDerived(plan, static (session, derived, items) => session.CompileLevel(derived, items!), items);
            return plan;
        }

        /// <summary>The child plan of a complex field named without children: its sub-property default, else its type's defaults.</summary>
        public SelectionPlan ImplicitChildPlan(FieldMetadata field)
        {
            Expanded = true;
            var element = field.ElementType!;
            if (field.SubPropertyDefault is not { } subDefault)
            {
                return DefaultPlan(element);
            }

            if (_subDefaultPlans.TryGetValue(field, out var plan))
            {
                return plan;
            }

            try
            {
                // The server's own text: unknown names stay errors whatever the client's option, semantics follow the caller's.
                // The caller's field access holds here too; a field it hides is left out of the server's text, not refused.
                var ownOptions = options.Semantics == SelectionSemantics.Popcorn && options.Access.IsUnrestricted
                    ? PlanCompilerOptions.Default
                    : PlanCompilerOptions.Default with { Semantics = options.Semantics, Access = options.Access };
                plan = new CompileSession(subDefault.SourceText, ownOptions, ownText: true, _policies ??= new SortedSet<string>(StringComparer.Ordinal))
                    .CompileLevel(element, subDefault.Properties);
            }
            catch (PopcornQueryException e)
            {
                // The attribute is the server's own text, so this is a model bug, not a client error.
                throw new InvalidOperationException(
                    $"[SubPropertyDefault(\"{field.SubPropertyDefaultText}\")] on {field.DeclaringType.Name}.{field.WireName} does not fit {element.Name}: {e.Detail}", e);
            }

            _subDefaultPlans.Add(field, plan);
            return plan;
        }

        public PlanCompilerOptions Options => options;

        /// <summary>
        /// Whether the compilation added fields the selection did not name: a wildcard, or a complex field left to its
        /// defaults (its type's or its <c>[SubPropertyDefault]</c>). Those plans are memoized per type and may refer back
        /// to themselves; without them every plan is made for one level of the selection, so the plans form a finite
        /// tree (<see cref="SelectionPlan.RepeatsObjects"/>).
        /// </summary>
        public bool Expanded { get; set; }

        /// <summary>The text is the server's own: a field the caller may not see is skipped, never an error.</summary>
        public bool IsOwnText => ownText;

        /// <summary>Whether the caller may see <paramref name="field"/>; notes its policy, which the plan then lists.</summary>
        public bool Sees(FieldMetadata field)
        {
            if (field.Policy is null)
            {
                return true;
            }

            (_policies ??= new SortedSet<string>(StringComparer.Ordinal)).Add(field.Policy);
            return !options.Access.Denies(field.Policy);
        }

        /// <summary>Whether a field the caller may not see is reachable from <paramref name="type"/>.</summary>
        public bool HidesAnyBelow(TypeMetadata type)
        {
            if (options.Access.IsUnrestricted)
            {
                return false;
            }

            foreach (string policy in type.ReachablePolicies)
            {
                if (options.Access.Denies(policy))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>The policies of the protected fields this compilation considered, in ordinal order.</summary>
        public string[] TouchedPolicies() => _policies is { Count: > 0 } touched ? touched.ToArray() : Array.Empty<string>();

        /// <summary>Whether the writers must refuse a null element of <paramref name="field"/> (<see cref="PlannedField.ElementsRequired"/>).</summary>
        public bool RequiresElements(FieldMetadata? field) => FollowsSelection && field is not null && (field.Flags & FieldFlags.NonNullElements) != 0;

        /// <summary>Whether keys follow the selection's order and <c>[Always]</c> is an ordinary field (GraphQL's rules).</summary>
        public bool FollowsSelection { get; } = options.Semantics == SelectionSemantics.GraphQL;

        public PopcornQueryException Error(QueryErrorKind kind, string detail, PropertyReference at, string? field = null, string? type = null, IReadOnlyList<string>? suggestions = null) =>
            Error(kind, detail, at.Location, field, type, suggestions);

        public PopcornQueryException Error(QueryErrorKind kind, string detail, SourceLocation at, string? field = null, string? type = null, IReadOnlyList<string>? suggestions = null) =>
            new(kind, detail, at, PopcornQueryException.ExcerptAround(sourceText, at.Offset), field, type, suggestions);
    }
}

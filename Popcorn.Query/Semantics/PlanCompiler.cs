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
public static class PlanCompiler
{
    /// <summary>Compiles <paramref name="tree"/> for <paramref name="type"/>.</summary>
    /// <exception cref="PopcornQueryException">An unknown or <c>[Never]</c> field, children on a scalar, two fields under one key, or arguments where none are taken.</exception>
    public static SelectionPlan Compile(TypeMetadata type, SelectionTree tree, PlanCompilerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(tree);
        var session = new CompileSession(tree.SourceText, options ?? PlanCompilerOptions.Default, ownText: false, policies: null);
        var plan = tree.IsDefault ? session.DefaultPlan(type) : session.CompileLevel(type, tree.Properties);
        plan.Policies = session.TouchedPolicies();
        return plan;
    }

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
    private sealed class CompileSession(string? sourceText, PlanCompilerOptions options, bool ownText, SortedSet<string>? policies)
    {
        private SortedSet<string>? _policies = policies;

        private readonly Dictionary<TypeMetadata, SelectionPlan> _fullPlans = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<TypeMetadata, SelectionPlan> _defaultPlans = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<FieldMetadata, SelectionPlan> _subDefaultPlans = new(ReferenceEqualityComparer.Instance);

        public SelectionPlan FullPlan(TypeMetadata type)
        {
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
                    fields.Add(new PlannedField(field, field.WireName, field.ElementType is { } element ? FullPlan(element) : null));
                }
            }

            // Full (the writers' straight-line path, which writes every selectable field) only when no field below is hidden.
            plan.Initialize(fields.ToArray(), isFull: !HidesAnyBelow(type));
            return plan;
        }

        public SelectionPlan DefaultPlan(TypeMetadata type)
        {
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
            return plan;
        }

        /// <summary>The child plan of a complex field named without children: its sub-property default, else its type's defaults.</summary>
        public SelectionPlan ImplicitChildPlan(FieldMetadata field)
        {
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

        /// <summary>Whether keys follow the selection's order and <c>[Always]</c> is an ordinary field (GraphQL's rules).</summary>
        public bool FollowsSelection { get; } = options.Semantics == SelectionSemantics.GraphQL;

        public PopcornQueryException Error(QueryErrorKind kind, string detail, PropertyReference at, string? field = null, string? type = null, IReadOnlyList<string>? suggestions = null) =>
            new(kind, detail, at.Location, PopcornQueryException.ExcerptAround(sourceText, at.Location.Offset), field, type, suggestions);
    }

    /// <summary>The keys of one selection level, in the order they were first claimed.</summary>
    private sealed class LevelBuilder(CompileSession session, TypeMetadata type)
    {
        private readonly Dictionary<string, Entry> _entries = new(StringComparer.Ordinal);
        private readonly List<Entry> _order = new();
        private HashSet<FieldMetadata>? _removed;

        public void Add(PropertyReference item)
        {
            if (item.IsWildcard)
            {
                AddWildcard(item.Name);
                return;
            }

            if (item.Name == NameRules.TypeName)
            {
                AddTypeName(item);
                return;
            }

            var field = type.FindField(item.Name);
            if (field is not null && !session.Sees(field))
            {
                if (session.Options.UnauthorizedFields == UnauthorizedFieldHandling.Forbid && !item.IsOptional && !session.IsOwnText)
                {
                    throw Forbidden(item, field);
                }

                // From here on the field does not exist for this caller, exactly like a [Never] one.
                field = null;
            }

            if (field is null)
            {
                if (session.IsOwnText)
                {
                    return;
                }

                if (item.IsOptional || session.Options.UnknownFields == UnknownFieldHandling.Ignore)
                {
                    return;
                }

                throw UnknownField(item);
            }

            if (item.IsNegated)
            {
                (_removed ??= new HashSet<FieldMetadata>(ReferenceEqualityComparer.Instance)).Add(field);
                return;
            }

            if (item.Arguments.Count > 0)
            {
                throw session.Error(QueryErrorKind.InvalidSelection, $"Field '{field.WireName}' on type '{type.Name}' takes no arguments.", item, field.WireName, type.Name);
            }

            if (item.Children.Count > 0 && !field.AcceptsChildren)
            {
                throw session.Error(
                    QueryErrorKind.InvalidSelection,
                    $"Field '{field.WireName}' on type '{type.Name}' is a {field.TypeName} and takes no nested selection.",
                    item,
                    field.WireName,
                    type.Name);
            }

            string key = item.OutputName;
            if (_entries.TryGetValue(key, out var entry))
            {
                if (entry.Field != field)
                {
                    throw KeyConflict(item, key, entry);
                }
            }
            else
            {
                entry = Claim(key, field);
            }

            entry.AddExplicit(item);
        }

        public void AddWeak(FieldMetadata field, bool full)
        {
            if (_entries.TryGetValue(field.WireName, out var entry))
            {
                if (entry.Field != field)
                {
                    throw KeyConflict(entry.ExplicitItems![0], field.WireName, field);
                }

                entry.Full |= full;
                return;
            }

            Claim(field.WireName, field).Full = full;
        }

        public void AddAlways()
        {
            if (session.FollowsSelection)
            {
                return;
            }

            foreach (var field in type.SelectableFields)
            {
                if (field.IsAlways && session.Sees(field))
                {
                    AddWeak(field, full: false);
                }
            }
        }

        public PlannedField[] Build()
        {
            var kept = new List<Entry>(_order.Count);
            foreach (var entry in _order)
            {
                bool removed = entry.Field is not null
                    && (!entry.Field.IsAlways || session.FollowsSelection)
                    && entry.Key == entry.Field.WireName
                    && _removed is not null
                    && _removed.Contains(entry.Field);
                if (!removed)
                {
                    kept.Add(entry);
                }
            }

            // Popcorn: output follows declaration order (what System.Text.Json writes); a field's keys keep the order
            // they were claimed in. __typename leads, as GraphQL clients expect it first. GraphQL: _order already is
            // the order of first appearance (CollectFields), so nothing is sorted.
            if (!session.FollowsSelection)
            {
                SortByDeclaration(kept);
            }

            var fields = new PlannedField[kept.Count];
            for (int i = 0; i < fields.Length; i++)
            {
                var entry = kept[i];
                fields[i] = new PlannedField(entry.Field, entry.Key, ChildPlan(entry));
            }

            return fields;
        }

        private static void SortByDeclaration(List<Entry> kept) =>
            kept.Sort(static (a, b) =>
            {
                int byField = (a.Field?.Index ?? -1).CompareTo(b.Field?.Index ?? -1);
                return byField != 0 ? byField : a.Order.CompareTo(b.Order);
            });

        private SelectionPlan? ChildPlan(Entry entry)
        {
            var field = entry.Field;
            if (field?.ElementType is not { } element)
            {
                return null;
            }

            if (entry.ExplicitItems is null)
            {
                return entry.Full ? session.FullPlan(element) : session.ImplicitChildPlan(field);
            }

            // Each explicit mention contributes its own children, or the field's defaults when it has none,
            // so `manager` + `manager { email }` merge into defaults plus email (GraphQL field merging).
            if (entry.ExplicitItems.Count == 1 && entry.ExplicitItems[0].Children.Count == 0)
            {
                return session.ImplicitChildPlan(field);
            }

            var merged = new List<PropertyReference>();
            foreach (var item in entry.ExplicitItems)
            {
                if (item.Children.Count > 0)
                {
                    merged.AddRange(item.Children);
                }
                else if (field.SubPropertyDefault is { } subDefault)
                {
                    merged.AddRange(subDefault.Properties);
                }
                else
                {
                    merged.Add(new PropertyReference(PropertyReference.DefaultWildcard, location: item.Location));
                }
            }

            return session.CompileLevel(element, merged);
        }

        private void AddWildcard(string wildcard)
        {
            var fields = wildcard == PropertyReference.DefaultWildcard ? type.DefaultFields : type.SelectableFields;
            bool full = wildcard == PropertyReference.FullWildcard;
            foreach (var field in fields)
            {
                if (session.Sees(field))
                {
                    AddWeak(field, full);
                }
            }
        }

        private void AddTypeName(PropertyReference item)
        {
            if (item.IsNegated || item.Children.Count > 0 || item.Arguments.Count > 0)
            {
                throw session.Error(QueryErrorKind.InvalidSelection, "'__typename' takes no arguments, children or removal.", item);
            }

            string key = item.OutputName;
            if (_entries.TryGetValue(key, out var entry))
            {
                if (entry.Field is not null)
                {
                    throw KeyConflict(item, key, entry);
                }

                return;
            }

            Claim(key, null).AddExplicit(item);
        }

        private Entry Claim(string key, FieldMetadata? field)
        {
            var entry = new Entry(key, field, _order.Count);
            _entries.Add(key, entry);
            _order.Add(entry);
            return entry;
        }

        private PopcornQueryException UnknownField(PropertyReference item)
        {
            // Only what the caller may see is suggested: a hidden field is never offered, as a [Never] one is not.
            var access = session.Options.Access;
            var suggestions = NameSuggestions.Closest(item.Name, type.SelectableFields.Where(access.Allows).Select(f => f.WireName));
            return session.Error(
                QueryErrorKind.UnknownField,
                $"Unknown field '{item.Name}' on type '{type.Name}'.{NameSuggestions.Hint(suggestions)}",
                item,
                item.Name,
                type.Name,
                suggestions);
        }

        private PopcornQueryException Forbidden(PropertyReference item, FieldMetadata field) =>
            session.Error(
                QueryErrorKind.Forbidden,
                $"Field '{field.WireName}' on type '{type.Name}' requires an authorization the caller does not have.",
                item,
                field.WireName,
                type.Name);

        private PopcornQueryException KeyConflict(PropertyReference item, string key, Entry existing) =>
            KeyConflict(item, key, existing.Field);

        private PopcornQueryException KeyConflict(PropertyReference item, string key, FieldMetadata? other) =>
            session.Error(
                QueryErrorKind.InvalidSelection,
                $"The key '{key}' would be written by both '{item.Name}' and '{other?.WireName ?? NameRules.TypeName}' on type '{type.Name}'; use a different alias.",
                item,
                item.Name,
                type.Name);
    }

    private sealed class Entry(string key, FieldMetadata? field, int order)
    {
        public string Key { get; } = key;

        public FieldMetadata? Field { get; } = field;

        public int Order { get; } = order;

        public bool Full { get; set; }

        /// <summary>The explicit mentions of this key; null while only wildcards or <c>[Always]</c> added it.</summary>
        public List<PropertyReference>? ExplicitItems { get; private set; }

        public void AddExplicit(PropertyReference item) => (ExplicitItems ??= new List<PropertyReference>()).Add(item);
    }
}

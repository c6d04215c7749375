namespace Popcorn.Query;

// One selection level of a compilation: its keys, and how wildcards, named fields, removals and [Always] claim them.
public static partial class PlanCompiler
{
    /// <summary>The keys of one selection level, in the order they were first claimed.</summary>
    private sealed partial class LevelBuilder(CompileSession session, TypeMetadata type)
    {
        private readonly Dictionary<string, Entry> _entries = new(StringComparer.Ordinal);
        private readonly List<Entry> _order = new();
        private HashSet<FieldMetadata>? _removed;
        private HashSet<string>? _removedAggregates;

        public void Add(PropertyReference item)
        {
            if (item.IsEmptySelection)
            {
                // GraphQL's `{ a @skip(if: true) }`: a level that selects nothing (written as {}).
                return;
            }

            if (item.IsTypeCondition)
            {
                AddTypeCondition(item);
                return;
            }

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

            if (field is null && AggregatedList(item.Name) is { } aggregated)
            {
                AddAggregate(item, aggregated);
                return;
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

            if (item.Arguments.Count > 0 && !field.AcceptsCollectionArguments)
            {
                throw session.Error(QueryErrorKind.InvalidSelection, $"Field '{field.WireName}' on type '{type.Name}' takes no arguments.", item, field.WireName, type.Name);
            }

            if ((field.Flags & FieldFlags.NoCursor) != 0 && HasAfter(item.Arguments))
            {
                throw session.Error(QueryErrorKind.InvalidSelection, $"Field '{field.WireName}' on type '{type.Name}' cannot be paged by cursor: it takes 'first', 'skip', 'orderBy' and 'where', not 'after'.", item, field.WireName, type.Name);
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
                if (entry.Field != field || entry.IsAggregate)
                {
                    throw KeyConflict(item, key, entry);
                }
            }
            else
            {
                entry = Claim(key, field);
            }

            if (entry.ExplicitItems is null)
            {
                entry.Arguments = item.Arguments.Count > 0 ? ArgumentReader.ForField(session, type, field, item).Read() : null;
            }
            else if (!SameArguments(entry.ExplicitItems[0].Arguments, item.Arguments))
            {
                // GraphQL's field merging: one key, one list; different arguments need different aliases. Compared on
                // the tree, not read again: a fragment repeating one field must not re-read (and re-print) its values.
                throw session.Error(
                    QueryErrorKind.InvalidSelection,
                    $"The key '{key}' selects '{field.WireName}' with different arguments; give each an alias.",
                    item,
                    field.WireName,
                    type.Name);
            }

            entry.AddExplicit(item);
        }

        public void AddWeak(FieldMetadata field, bool full)
        {
            if (_entries.TryGetValue(field.WireName, out var entry))
            {
                if (entry.Field != field || entry.IsAggregate)
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
                bool removed = entry.IsAggregate
                    ? _removedAggregates is not null && _removedAggregates.Contains(entry.Key)
                    : entry.Field is not null
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
                fields[i] = entry.IsAggregate
                    ? new PlannedField(entry.Key, BuildAggregate(entry))
                    : new PlannedField(entry.Field, entry.Key, ChildPlan(entry), entry.Arguments, session.RequiresElements(entry.Field));
            }

            return fields;
        }

        /// <summary>The spec's SameArguments: the same names with equal values, in any order.</summary>
        /// <summary>Whether <paramref name="arguments"/> asks for a cursor, which a <see cref="FieldFlags.NoCursor"/> list refuses.</summary>
        private static bool HasAfter(IReadOnlyList<QueryArgument> arguments)
        {
            foreach (var argument in arguments)
            {
                if (argument.Name == "after")
                {
                    return true;
                }
            }

            return false;
        }

        private static bool SameArguments(IReadOnlyList<QueryArgument> first, IReadOnlyList<QueryArgument> second)
        {
            if (first.Count != second.Count)
            {
                return false;
            }

            foreach (var argument in first)
            {
                if (!second.Any(other => other.Name == argument.Name && other.Value.Equals(argument.Value)))
                {
                    return false;
                }
            }

            return true;
        }

        private static void SortByDeclaration(List<Entry> kept) =>
            kept.Sort(static (a, b) =>
            {
                int byField = (a.Field?.Index ?? -1).CompareTo(b.Field?.Index ?? -1);
                if (byField == 0 && a.IsAggregate != b.IsAggregate)
                {
                    // A list's aggregate follows the list itself.
                    return a.IsAggregate ? 1 : -1;
                }

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
                    session.Expanded = true;
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
            session.Expanded = true;
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
                $"Unknown field '{item.Name}' on type '{type.Name}'.{NameSuggestions.Hint(suggestions)}{DerivedFieldHint(item)}",
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
            KeyConflict(item, key, existing.IsAggregate ? existing.ExplicitItems![0].Name : existing.Field?.WireName);

        private PopcornQueryException KeyConflict(PropertyReference item, string key, FieldMetadata? other) =>
            KeyConflict(item, key, other?.WireName);

        private PopcornQueryException KeyConflict(PropertyReference item, string key, string? otherName) =>
            session.Error(
                QueryErrorKind.InvalidSelection,
                $"The key '{key}' would be written by both '{item.Name}' and '{otherName ?? NameRules.TypeName}' on type '{type.Name}'; use a different alias.",
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

        /// <summary>The key writes the aggregate of the list <see cref="Field"/> (<c>ordersAggregate</c>), not the list.</summary>
        public bool IsAggregate { get; set; }

        /// <summary>The list arguments its explicit mentions agree on (an aggregate's: its <c>where</c>); null when they give none.</summary>
        public CollectionArguments? Arguments { get; set; }

        /// <summary>The explicit mentions of this key; null while only wildcards or <c>[Always]</c> added it.</summary>
        public List<PropertyReference>? ExplicitItems { get; private set; }

        public void AddExplicit(PropertyReference item) => (ExplicitItems ??= new List<PropertyReference>()).Add(item);
    }
}

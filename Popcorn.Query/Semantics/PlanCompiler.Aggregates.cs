namespace Popcorn.Query;

// An `xAggregate` key: a sibling of every list of models `x`, numbers over the elements its `where` keeps (docs/data.md,
// "Aggregates"); its measures are compiled in PlanCompiler.AggregateMeasures.cs.
public static partial class PlanCompiler
{
    private sealed partial class LevelBuilder
    {
        /// <summary>
        /// The list of models that <paramref name="name"/> aggregates (<c>orders</c> for <c>ordersAggregate</c>), when the
        /// caller sees it; null otherwise, so an aggregate over a hidden or <c>[Never]</c> list is unknown exactly like
        /// the list itself. A real field of that name is found before this is asked.
        /// </summary>
        private FieldMetadata? AggregatedList(string name)
        {
            if (name.Length <= ListAggregate.FieldSuffix.Length || !name.EndsWith(ListAggregate.FieldSuffix, StringComparison.Ordinal))
            {
                return null;
            }

            var list = type.FindField(name[..^ListAggregate.FieldSuffix.Length]);
            return list is { IsAggregatable: true } && session.Sees(list) ? list : null;
        }

        /// <summary>Claims the key of an aggregate; its measures are compiled from every mention once the level is read.</summary>
        private void AddAggregate(PropertyReference item, FieldMetadata list)
        {
            if (item.IsNegated)
            {
                // As for any field: -ordersAggregate takes out the aggregate its own name (not an alias) writes.
                (_removedAggregates ??= new HashSet<string>(StringComparer.Ordinal)).Add(item.Name);
                return;
            }

            foreach (var argument in item.Arguments)
            {
                if (argument.Name != "where")
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"Argument '{argument.Name}' is not taken by '{item.Name}': an aggregate is computed over every element its where keeps, not over a page. It takes where.",
                        argument.Location,
                        item.Name,
                        type.Name);
                }
            }

            string key = item.OutputName;
            if (_entries.TryGetValue(key, out var entry))
            {
                if (!entry.IsAggregate || entry.Field != list)
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"The key '{key}' would be written by both '{item.Name}' and '{entry.ExplicitItems?[0].Name ?? entry.Field?.WireName ?? NameRules.TypeName}' on type '{type.Name}'; use a different alias.",
                        item,
                        item.Name,
                        type.Name);
                }

                if (!SameArguments(entry.ExplicitItems![0].Arguments, item.Arguments))
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"The key '{key}' selects '{item.Name}' with different arguments; give each an alias.",
                        item,
                        item.Name,
                        type.Name);
                }
            }
            else
            {
                entry = Claim(key, list);
                entry.IsAggregate = true;
                var filter = item.Arguments.Count > 0
                    ? new ArgumentReader(session, list.ElementType!, item.Name, type.Name, item.Arguments, item.Location).Read()
                    : null;
                entry.Arguments = filter?.Where is null ? null : filter;
            }

            entry.AddExplicit(item);
        }

        // Only the names this aggregate has for the caller: a measure with nothing to measure is not suggested.
        private PopcornQueryException UnknownMeasure(PropertyReference item, TypeMetadata element, string typeName, bool grouped)
        {
            var names = MeasureRules.Objects.Where(m => element.SelectableFields.Any(f => Measures(m.Kind, f))).Select(m => m.Name).Prepend("count");
            bool groupable = element.SelectableFields.Any(GroupsBy);
            return UnknownName(item, typeName, grouped ? names.Prepend("key") : groupable ? names.Append("groups") : names);
        }

        /// <summary>An unknown name inside an aggregate or a measure, with the closest of the names it has as suggestions.</summary>
        private PopcornQueryException UnknownName(PropertyReference item, string typeName, IEnumerable<string> names)
        {
            var suggestions = NameSuggestions.Closest(item.Name, names);
            return session.Error(
                QueryErrorKind.UnknownField,
                $"Unknown field '{item.Name}' on type '{typeName}'.{NameSuggestions.Hint(suggestions)}",
                item,
                item.Name,
                typeName,
                suggestions);
        }
    }
}

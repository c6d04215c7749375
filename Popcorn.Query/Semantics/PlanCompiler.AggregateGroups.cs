namespace Popcorn.Query;

// The `groups(by: [status])` key of an `xAggregate`: the kept elements split by the values of some of their [Sortable]
// fields, with a key and measures per group (docs/data.md, "Groups").
public static partial class PlanCompiler
{
    private sealed partial class LevelBuilder
    {
        /// <summary>A <c>groups</c> key: its <c>by</c> fields, then each group's measures from every mention's children.</summary>
        private AggregateMeasure BuildGroups(MeasureBuilder groups, TypeMetadata element)
        {
            var first = groups.Mentions[0];
            var by = ReadBy(first, element);
            string typeName = MeasureRules.TypeName(AggregateMeasureKind.Groups, element.Name)!;
            var measures = ReadMeasures(groups.Mentions, element, typeName, by);
            return new AggregateMeasure(AggregateMeasureKind.Groups, groups.Key, typeName: typeName, groups: new AggregateGroups(by, measures, typeName));
        }

        /// <summary>
        /// The fields of <c>by</c> (one name, or a list of them; GraphQL enum values, or strings from a variable), each a
        /// field the caller may group by, once.
        /// </summary>
        private FieldMetadata[] ReadBy(PropertyReference groups, TypeMetadata element)
        {
            QueryArgument? by = null;
            foreach (var argument in groups.Arguments)
            {
                if (argument.Name != "by")
                {
                    throw GroupsError(groups, $"Argument '{argument.Name}' is not taken by 'groups'; it takes by, the fields to group by (the aggregate's where filters first).", argument.Location);
                }

                by = argument;
            }

            if (by is null || by.Value.Kind == QueryValueKind.Null || (by.Value.Kind == QueryValueKind.List && by.Value.Items.Count == 0))
            {
                throw GroupsError(groups, $"'groups' needs by, the fields to group by, e.g. groups(by: [{element.SelectableFields.FirstOrDefault(GroupsBy)?.WireName}]).", by?.Location ?? groups.Location);
            }

            var at = by.Location == default ? groups.Location : by.Location;
            var fields = new List<FieldMetadata>();
            foreach (var name in by.Value.Kind == QueryValueKind.List ? by.Value.Items : [by.Value])
            {
                if (name.Kind is not (QueryValueKind.Enum or QueryValueKind.String) || name.Text is null)
                {
                    throw GroupsError(groups, $"Argument 'by' of 'groups' takes field names such as [{element.SelectableFields.FirstOrDefault(GroupsBy)?.WireName}], not {name}.", at);
                }

                var field = element.FindField(name.Text);
                if (field is null || !session.Sees(field))
                {
                    // As in a selection: a [Never] or hidden field is unknown, exactly as a name that does not exist.
                    var suggestions = NameSuggestions.Closest(name.Text, element.SelectableFields.Where(GroupsBy).Select(f => f.WireName));
                    throw session.Error(
                        QueryErrorKind.UnknownField,
                        $"Unknown field '{name.Text}' on type '{element.Name}'.{NameSuggestions.Hint(suggestions)}",
                        at,
                        name.Text,
                        element.Name,
                        suggestions);
                }

                if (!GroupsBy(field))
                {
                    var allowed = element.SelectableFields.Where(GroupsBy).Select(f => f.WireName);
                    throw GroupsError(groups, $"Field '{name.Text}' on type '{element.Name}' cannot be grouped by. It can be grouped by: {string.Join(", ", allowed)}.", at);
                }

                if (fields.Contains(field))
                {
                    throw GroupsError(groups, $"'{name.Text}' is named twice in 'by'; each field may be grouped by once.", at);
                }

                fields.Add(field);
            }

            return fields.ToArray();
        }

        /// <summary>
        /// The keys of a group's <c>key</c> object: fields the groups are formed by (any other field would have one value
        /// per element, not per group). Named alone or with a wildcard, every field of <c>by</c>.
        /// </summary>
        private void AddKeyOperands(MeasureBuilder key, PropertyReference item, TypeMetadata element, FieldMetadata[] groupedBy)
        {
            if (item.Children.Count == 0)
            {
                AddEveryKeyOperand(key, item, groupedBy);
                return;
            }

            foreach (var child in item.Children)
            {
                if (child.IsEmptySelection || child.IsNegated)
                {
                    // -x in a key: the key writes only what by names, so there is nothing else to take out.
                    continue;
                }

                if (child.IsWildcard)
                {
                    AddEveryKeyOperand(key, child, groupedBy);
                    continue;
                }

                if (child.IsTypeCondition || child.Arguments.Count > 0 || child.Children.Count > 0)
                {
                    throw GroupsError(child, $"Field '{child.Name}' on type '{key.TypeName}' is a value and takes no arguments or nested selection.", child.Location);
                }

                if (child.Name == NameRules.TypeName)
                {
                    key.Add(new AggregateOperand(null, child.OutputName), child, session);
                    continue;
                }

                var found = element.FindField(child.Name);
                if (found is null || !GroupsBy(found))
                {
                    if (MayLeaveOut(child))
                    {
                        continue;
                    }

                    throw UnknownName(child, key.TypeName!, element.SelectableFields.Where(GroupsBy).Select(f => f.WireName));
                }

                if (Array.IndexOf(groupedBy, found) < 0)
                {
                    throw GroupsError(child, $"Field '{child.Name}' is not one the groups are formed by ({string.Join(", ", groupedBy.Select(f => f.WireName))}), so it has no one value per group; add it to by.", child.Location);
                }

                key.Add(new AggregateOperand(found, child.OutputName), child, session);
            }
        }

        private void AddEveryKeyOperand(MeasureBuilder key, PropertyReference at, FieldMetadata[] groupedBy)
        {
            foreach (var field in groupedBy)
            {
                key.Add(new AggregateOperand(field, field.WireName), at, session);
            }
        }

        /// <summary>Whether the caller may group by <paramref name="field"/>.</summary>
        private bool GroupsBy(FieldMetadata field) => MeasureRules.GroupsBy(field) && session.Sees(field);

        private PopcornQueryException GroupsError(PropertyReference at, string detail, SourceLocation location) =>
            session.Error(QueryErrorKind.InvalidSelection, detail, location == default ? at.Location : location, at.Name, type.Name);
    }
}

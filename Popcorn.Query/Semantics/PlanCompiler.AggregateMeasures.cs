namespace Popcorn.Query;

// The measures of an `xAggregate` key: count, __typename, and sum/avg/min/max objects over the element's [Sortable]
// scalar fields (docs/data.md, "Aggregates").
public static partial class PlanCompiler
{
    private sealed partial class LevelBuilder
    {
        /// <summary>The aggregate of an entry: its measures from the children of every mention (none: <c>count</c>).</summary>
        private ListAggregate BuildAggregate(Entry entry)
        {
            var list = entry.Field!;
            string typeName = list.ElementType!.Name + ListAggregate.TypeSuffix;
            var measures = ReadMeasures(entry.ExplicitItems!, list.ElementType!, typeName, groupedBy: null);
            return new ListAggregate(list, entry.Arguments, measures);
        }

        /// <summary>
        /// The measures of an aggregate object, or of one group when <paramref name="groupedBy"/> is set, from the
        /// children of every mention of it (GraphQL merges repeated mentions). A mention with no children writes
        /// <c>count</c> (a group: <c>key</c> and <c>count</c>), as a model named alone writes its defaults.
        /// </summary>
        private AggregateMeasure[] ReadMeasures(IReadOnlyList<PropertyReference> mentions, TypeMetadata element, string typeName, FieldMetadata[]? groupedBy)
        {
            var measures = new List<MeasureBuilder>();
            HashSet<string>? removed = null;
            foreach (var item in mentions)
            {
                if (item.Children.Count == 0)
                {
                    AddDefaultMeasures(measures, item, element, typeName, groupedBy);
                }

                foreach (var child in item.Children)
                {
                    if (child.IsEmptySelection)
                    {
                        continue;
                    }

                    if (child.IsNegated)
                    {
                        // As on a model: -max takes out what the name max itself writes, not an alias of it.
                        (removed ??= new HashSet<string>(StringComparer.Ordinal)).Add(child.Name);
                        continue;
                    }

                    if (child.IsWildcard)
                    {
                        AddDefaultMeasures(measures, child, element, typeName, groupedBy);
                        continue;
                    }

                    if (MeasureKind(child, element, typeName, grouped: groupedBy is not null) is not { } known)
                    {
                        continue; // an optional or ignored unknown name (`?median`): nothing, as on a model
                    }

                    bool isObject = known is not (AggregateMeasureKind.Count or AggregateMeasureKind.TypeName);
                    if (child.IsTypeCondition || (known != AggregateMeasureKind.Groups && child.Arguments.Count > 0) || (!isObject && child.Children.Count > 0))
                    {
                        throw session.Error(
                            QueryErrorKind.InvalidSelection,
                            $"Field '{child.Name}' on type '{typeName}' is {(isObject ? "an object" : "a number")} and takes no arguments{(isObject ? "" : " or nested selection")}.",
                            child,
                            child.Name,
                            typeName);
                    }

                    var measure = AddMeasure(measures, known, child.OutputName, child, typeName);
                    if (known == AggregateMeasureKind.Groups)
                    {
                        measure.AddGroupMention(child, session, typeName);
                    }
                    else if (known == AggregateMeasureKind.Key)
                    {
                        AddKeyOperands(measure, child, element, groupedBy!);
                    }
                    else if (isObject)
                    {
                        AddOperands(measure, child, element);
                    }
                }
            }

            if (removed is not null)
            {
                measures.RemoveAll(m => removed.Contains(m.Key) && m.Key == MeasureName(m.Kind));
            }

            var built = new AggregateMeasure[measures.Count];
            for (int i = 0; i < built.Length; i++)
            {
                built[i] = measures[i].Kind == AggregateMeasureKind.Groups ? BuildGroups(measures[i], element) : measures[i].Build();
            }

            return built;
        }

        /// <summary>What a mention without children or a wildcard writes: <c>count</c>, and in a group its <c>key</c> first.</summary>
        private void AddDefaultMeasures(List<MeasureBuilder> measures, PropertyReference at, TypeMetadata element, string typeName, FieldMetadata[]? groupedBy)
        {
            if (groupedBy is not null)
            {
                AddEveryKeyOperand(AddMeasure(measures, AggregateMeasureKind.Key, "key", at, typeName), at, groupedBy);
            }

            AddMeasure(measures, AggregateMeasureKind.Count, "count", at, typeName);
        }

        /// <summary>What a key of an aggregate names; null for an unknown name the selection may leave out (<c>?median</c>).</summary>
        /// <remarks>
        /// A measure object over an element type with no field it can measure for this caller is unknown too: the
        /// schemas declare it only where it has fields (a GraphQL object type needs one), and nothing is revealed.
        /// </remarks>
        private AggregateMeasureKind? MeasureKind(PropertyReference child, TypeMetadata element, string typeName, bool grouped)
        {
            AggregateMeasureKind? kind = child.Name switch
            {
                "count" => AggregateMeasureKind.Count,
                NameRules.TypeName => AggregateMeasureKind.TypeName,
                "sum" => AggregateMeasureKind.Sum,
                "avg" => AggregateMeasureKind.Average,
                "min" => AggregateMeasureKind.Minimum,
                "max" => AggregateMeasureKind.Maximum,
                // Groups are not grouped again; a key belongs to a group.
                "groups" when !grouped => AggregateMeasureKind.Groups,
                "key" when grouped => AggregateMeasureKind.Key,
                _ => null,
            };
            if (kind is { } known && Offers(known, element))
            {
                return known;
            }

            return MayLeaveOut(child) ? null : throw UnknownMeasure(child, element, typeName, grouped);
        }

        /// <summary>Whether the aggregate offers <paramref name="kind"/> to this caller: a measure object or groups need a field to take.</summary>
        private bool Offers(AggregateMeasureKind kind, TypeMetadata element) => kind switch
        {
            AggregateMeasureKind.Groups or AggregateMeasureKind.Key => element.SelectableFields.Any(GroupsBy),
            _ => MeasureRules.TypeName(kind, element.Name) is null || element.SelectableFields.Any(f => Measures(kind, f)),
        };

        /// <summary>The name that selects a measure of <paramref name="kind"/> (<c>count</c>, <c>sum</c>, ...).</summary>
        private static string MeasureName(AggregateMeasureKind kind) => kind switch
        {
            AggregateMeasureKind.Count => "count",
            AggregateMeasureKind.TypeName => NameRules.TypeName,
            AggregateMeasureKind.Groups => "groups",
            AggregateMeasureKind.Key => "key",
            _ => Array.Find(MeasureRules.Objects, m => m.Kind == kind).Name,
        };

        /// <summary>Whether an unknown name is left out rather than refused: optional (<c>?x</c>), or unknown fields ignored by the options.</summary>
        private bool MayLeaveOut(PropertyReference item) =>
            item.IsOptional || session.IsOwnText || session.Options.UnknownFields == UnknownFieldHandling.Ignore;

        private MeasureBuilder AddMeasure(List<MeasureBuilder> measures, AggregateMeasureKind kind, string key, PropertyReference at, string typeName)
        {
            foreach (var measure in measures)
            {
                if (measure.Key == key)
                {
                    if (measure.Kind != kind)
                    {
                        throw session.Error(
                            QueryErrorKind.InvalidSelection,
                            $"The key '{key}' would be written by two different fields on type '{typeName}'; use a different alias.",
                            at,
                            at.Name,
                            typeName);
                    }

                    return measure;
                }
            }

            var added = new MeasureBuilder(kind, key, MeasureTypeName(kind, typeName));
            measures.Add(added);
            return added;
        }

        /// <summary>
        /// The keys of a <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> object: the element's fields it can measure. Named
        /// alone (<c>sum</c>, <c>sum[]</c>) or with a wildcard, every one of them, as a model named alone writes its
        /// defaults (a measure type marks none); <c>-x</c> takes one out, as on a model.
        /// </summary>
        private void AddOperands(MeasureBuilder measure, PropertyReference item, TypeMetadata element)
        {
            if (item.Children.Count == 0)
            {
                AddEveryOperand(measure, item, element);
                return;
            }

            List<FieldMetadata>? removed = null;
            foreach (var child in item.Children)
            {
                if (child.IsEmptySelection)
                {
                    continue;
                }

                if (child.IsWildcard)
                {
                    AddEveryOperand(measure, child, element);
                    continue;
                }

                if (child.IsTypeCondition || child.Arguments.Count > 0 || child.Children.Count > 0)
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"Field '{child.Name}' on type '{measure.TypeName}' is a value and takes no arguments or nested selection.",
                        child,
                        child.Name,
                        measure.TypeName!);
                }

                if (child.Name == NameRules.TypeName)
                {
                    measure.Add(new AggregateOperand(null, child.OutputName), child, session);
                    continue;
                }

                var found = element.FindField(child.Name);
                if (found is null || !Measures(AggregateMeasureKind.Minimum, found))
                {
                    if (MayLeaveOut(child))
                    {
                        continue;
                    }

                    // A [Never], hidden or unsortable field is not a field of OrderSums: unknown, exactly as a name that does
                    // not exist, so its existence is not revealed.
                    throw UnknownName(child, measure.TypeName!, element.SelectableFields.Where(f => Measures(measure.Kind, f)).Select(f => f.WireName));
                }

                if (!Measures(measure.Kind, found))
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"Field '{child.Name}' of type '{element.Name}' is not a number, so '{item.Name}' cannot measure it; min and max can.",
                        child,
                        child.Name,
                        measure.TypeName!);
                }

                if (child.IsNegated)
                {
                    (removed ??= []).Add(found);
                    continue;
                }

                measure.Add(new AggregateOperand(found, child.OutputName), child, session);
            }

            if (removed is not null)
            {
                measure.Operands.RemoveAll(o => o.Field is { } field && removed.Contains(field) && o.OutputName == field.WireName);
            }
        }

        private void AddEveryOperand(MeasureBuilder measure, PropertyReference at, TypeMetadata element)
        {
            foreach (var field in element.SelectableFields)
            {
                if (Measures(measure.Kind, field))
                {
                    measure.Add(new AggregateOperand(field, field.WireName), at, session);
                }
            }
        }

        /// <summary>Whether a measure of <paramref name="kind"/> offers <paramref name="field"/> to this caller (min and max take any measurable field).</summary>
        private bool Measures(AggregateMeasureKind kind, FieldMetadata field) => MeasureRules.Takes(kind, field) && session.Sees(field);

        private static string? MeasureTypeName(AggregateMeasureKind kind, string ownerTypeName) =>
            MeasureRules.TypeName(kind, ElementName(ownerTypeName));

        /// <summary>The element type's name from an aggregate's or a group's type name (<c>OrderAggregate</c>, <c>OrderGroup</c> → <c>Order</c>).</summary>
        private static string ElementName(string ownerTypeName) =>
            ownerTypeName.EndsWith(ListAggregate.TypeSuffix, StringComparison.Ordinal) ? ownerTypeName[..^ListAggregate.TypeSuffix.Length]
            : ownerTypeName[..^AggregateGroups.TypeSuffix.Length];
    }

    /// <summary>A measure while its mentions are read (GraphQL merges <c>sum { total } sum { quantity }</c> into one object).</summary>
    private sealed class MeasureBuilder(AggregateMeasureKind kind, string key, string? typeName)
    {
        public AggregateMeasureKind Kind { get; } = kind;

        public string Key { get; } = key;

        public string? TypeName { get; } = typeName;

        public List<AggregateOperand> Operands { get; } = [];

        /// <summary>For <c>groups</c>: every mention, whose children are merged into one group's measures.</summary>
        public List<PropertyReference> Mentions { get; } = [];

        /// <summary>Adds a mention of <c>groups</c>; a second mention under the same key must group by the same fields.</summary>
        public void AddGroupMention(PropertyReference mention, CompileSession session, string ownerTypeName)
        {
            if (Mentions.Count > 0 && !SameArgumentsText(Mentions[0], mention))
            {
                throw session.Error(
                    QueryErrorKind.InvalidSelection,
                    $"The key '{Key}' selects 'groups' with different arguments; give each an alias.",
                    mention,
                    mention.Name,
                    ownerTypeName);
            }

            Mentions.Add(mention);
        }

        private static bool SameArgumentsText(PropertyReference a, PropertyReference b) =>
            a.Arguments.Count == b.Arguments.Count && a.Arguments.All(x => b.Arguments.Any(y => y.Name == x.Name && y.Value.Equals(x.Value)));

        public void Add(AggregateOperand operand, PropertyReference at, CompileSession session)
        {
            foreach (var existing in Operands)
            {
                if (existing.OutputName == operand.OutputName)
                {
                    if (existing.Field != operand.Field)
                    {
                        throw session.Error(
                            QueryErrorKind.InvalidSelection,
                            $"The key '{operand.OutputName}' would be written by two different fields on type '{TypeName}'; use a different alias.",
                            at,
                            at.Name,
                            TypeName!);
                    }

                    return;
                }
            }

            Operands.Add(operand);
        }

        public AggregateMeasure Build() => new(Kind, Key, Operands.ToArray(), TypeName);
    }
}

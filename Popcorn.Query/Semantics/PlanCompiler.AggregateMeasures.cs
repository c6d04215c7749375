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
            var measures = new List<MeasureBuilder>();
            foreach (var item in entry.ExplicitItems!)
            {
                if (item.Children.Count == 0)
                {
                    AddMeasure(measures, AggregateMeasureKind.Count, "count", item, typeName);
                }

                foreach (var child in item.Children)
                {
                    if (child.IsEmptySelection || child.IsNegated)
                    {
                        continue;
                    }

                    var kind = child.IsWildcard ? AggregateMeasureKind.Count : MeasureKind(child, typeName);
                    bool isObject = kind is not (AggregateMeasureKind.Count or AggregateMeasureKind.TypeName);
                    if (child.IsTypeCondition || child.Arguments.Count > 0 || (!isObject && child.Children.Count > 0))
                    {
                        throw session.Error(
                            QueryErrorKind.InvalidSelection,
                            $"Field '{child.Name}' on type '{typeName}' is a number and takes no arguments or nested selection.",
                            child,
                            child.Name,
                            typeName);
                    }

                    var measure = AddMeasure(measures, kind, child.IsWildcard ? "count" : child.OutputName, child, typeName);
                    if (isObject)
                    {
                        AddOperands(measure, child, list.ElementType!);
                    }
                }
            }

            return new ListAggregate(list, entry.Arguments, measures.Select(m => m.Build()).ToArray());
        }

        private AggregateMeasureKind MeasureKind(PropertyReference child, string typeName) => child.Name switch
        {
            "count" => AggregateMeasureKind.Count,
            NameRules.TypeName => AggregateMeasureKind.TypeName,
            "sum" => AggregateMeasureKind.Sum,
            "avg" => AggregateMeasureKind.Average,
            "min" => AggregateMeasureKind.Minimum,
            "max" => AggregateMeasureKind.Maximum,
            _ => throw UnknownMeasure(child, typeName),
        };

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

        /// <summary>The keys of a <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> object: the element's fields it can measure.</summary>
        private void AddOperands(MeasureBuilder measure, PropertyReference item, TypeMetadata element)
        {
            bool numeric = measure.Kind is AggregateMeasureKind.Sum or AggregateMeasureKind.Average;
            int before = measure.Operands.Count;
            foreach (var child in item.Children)
            {
                if (child.IsEmptySelection || child.IsNegated)
                {
                    continue;
                }

                if (child.IsWildcard)
                {
                    foreach (var field in element.SelectableFields)
                    {
                        if (Measurable(field) && (!numeric || MeasureValues.IsNumeric(field.ValueType!)))
                        {
                            measure.Add(new AggregateOperand(field, field.WireName), child, session);
                        }
                    }

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
                if (found is null || !Measurable(found))
                {
                    // A [Never], hidden or unsortable field is not a field of OrderSums: unknown, exactly as a name that does
                    // not exist, so its existence is not revealed.
                    var names = element.SelectableFields.Where(f => Measurable(f) && (!numeric || MeasureValues.IsNumeric(f.ValueType!))).Select(f => f.WireName);
                    var suggestions = NameSuggestions.Closest(child.Name, names);
                    throw session.Error(
                        QueryErrorKind.UnknownField,
                        $"Unknown field '{child.Name}' on type '{measure.TypeName}'.{NameSuggestions.Hint(suggestions)}",
                        child,
                        child.Name,
                        measure.TypeName!,
                        suggestions);
                }

                if (numeric && !MeasureValues.IsNumeric(found.ValueType!))
                {
                    throw session.Error(
                        QueryErrorKind.InvalidSelection,
                        $"Field '{child.Name}' of type '{element.Name}' is not a number, so '{item.Name}' cannot measure it; min and max can.",
                        child,
                        child.Name,
                        measure.TypeName!);
                }

                measure.Add(new AggregateOperand(found, child.OutputName), child, session);
            }

            if (measure.Operands.Count == before && !item.Children.Any(c => c.IsWildcard))
            {
                throw session.Error(
                    QueryErrorKind.InvalidSelection,
                    $"Field '{item.Name}' on type '{element.Name}{ListAggregate.TypeSuffix}' needs a selection of the fields it measures, e.g. {item.Name}[{FirstMeasurable(element, numeric) ?? "field"}].",
                    item,
                    item.Name,
                    element.Name + ListAggregate.TypeSuffix);
            }
        }

        /// <summary>A field a measure object offers: a <c>[Sortable]</c> scalar the caller sees, of a type the measures order.</summary>
        private bool Measurable(FieldMetadata field) =>
            field is { IsSortable: true, IsNever: false, Kind: FieldKind.Scalar, ValueType: { } type } && MeasureValues.IsOrdered(type) && session.Sees(field);

        private string? FirstMeasurable(TypeMetadata element, bool numeric) =>
            element.SelectableFields.FirstOrDefault(f => Measurable(f) && (!numeric || MeasureValues.IsNumeric(f.ValueType!)))?.WireName;

        private static string? MeasureTypeName(AggregateMeasureKind kind, string aggregateTypeName)
        {
            string element = aggregateTypeName[..^ListAggregate.TypeSuffix.Length];
            return kind switch
            {
                AggregateMeasureKind.Sum => element + "Sums",
                AggregateMeasureKind.Average => element + "Averages",
                AggregateMeasureKind.Minimum => element + "Minima",
                AggregateMeasureKind.Maximum => element + "Maxima",
                _ => null,
            };
        }
    }

    /// <summary>A measure while its mentions are read (GraphQL merges <c>sum { total } sum { quantity }</c> into one object).</summary>
    private sealed class MeasureBuilder(AggregateMeasureKind kind, string key, string? typeName)
    {
        public AggregateMeasureKind Kind { get; } = kind;

        public string Key { get; } = key;

        public string? TypeName { get; } = typeName;

        public List<AggregateOperand> Operands { get; } = [];

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

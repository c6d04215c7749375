namespace Popcorn.Query;

// The where argument of a list field: read into a Filter tree, each value typed, and its size bounded before any of it
// is converted, so no request can hand a source an expression that grows with the body (docs/data.md, "Bounds").
public static partial class PlanCompiler
{
    private sealed partial class CompileSession
    {
        /// <summary>Comparisons, groups and <c>in</c> values read so far from every <c>where</c> of this compilation.</summary>
        public int FilterNodes { get; set; }
    }

    private sealed partial class ArgumentReader
    {
        /// <summary>An object of <c>field: value</c>, <c>field: {op: value}</c>, <c>and: [...]</c>, <c>or: [...]</c>, <c>not: {...}</c>, <c>reference: {...}</c>, <c>list: {some: {...}}</c>, all of which must hold.</summary>
        private Filter? ReadFilter(QueryValue value, SourceLocation at)
        {
            if (value.Kind != QueryValueKind.Object)
            {
                throw Error($"Argument 'where' on field '{fieldName}' takes an object such as {{name: \"x\"}}, not {value}.", at);
            }

            CheckOperands(value.Fields.Count, "entries", "an object", at);
            var operands = new List<Filter>();
            foreach (var entry in value.Fields)
            {
                var entryAt = Where(entry, at);
                if (entry.Name is "and" or "or")
                {
                    var nestedFilters = entry.Value.Kind == QueryValueKind.List ? entry.Value.Items : [entry.Value];
                    CheckOperands(nestedFilters.Count, "operands", $"'{entry.Name}'", entryAt);
                    Count(1, entryAt);
                    var group = new List<Filter>();
                    foreach (var nested in nestedFilters)
                    {
                        if (ReadFilter(nested, entryAt) is { } filter)
                        {
                            group.Add(filter);
                        }
                    }

                    if (group.Count > 0)
                    {
                        operands.Add(group.Count == 1 ? group[0] : new FilterGroup(entry.Name == "or", group.ToArray()));
                    }

                    continue;
                }

                if (entry.Name == "not")
                {
                    Count(1, entryAt);
                    // not: {} would negate "keep everything" into "keep nothing": surely a mistake, so it is refused.
                    var negated = ReadFilter(entry.Value, entryAt)
                        ?? throw Error($"'not' in 'where' on field '{fieldName}' takes a filter with at least one comparison, such as {{not: {{status: \"open\"}}}}.", entryAt);
                    operands.Add(new FilterNot(negated));
                    continue;
                }

                var filterField = Resolve(entry, FieldFlags.Filterable, "filtered");
                if (IsNavigation(filterField))
                {
                    if (ReadNavigation(filterField, entry, entryAt) is { } related)
                    {
                        operands.Add(related);
                    }

                    continue;
                }

                if (entry.Value.Kind != QueryValueKind.Object)
                {
                    operands.Add(Compare(filterField, FilterOperator.Equal, entry.Value, entryAt));
                    continue;
                }

                bool ignoreCase = TextMatchMode(filterField, entry.Value.Fields, entryAt);
                foreach (var comparison in entry.Value.Fields)
                {
                    if (comparison.Name == "mode")
                    {
                        continue;
                    }

                    var comparisonAt = Where(comparison, entryAt);
                    var op = Operator(comparison, comparisonAt);
                    operands.Add(op is FilterOperator.Contains or FilterOperator.StartsWith or FilterOperator.EndsWith
                        ? MatchText(filterField, op, comparison.Value, ignoreCase, comparisonAt)
                        : Compare(filterField, op, comparison.Value, comparisonAt));
                }
            }

            return operands.Count switch
            {
                0 => null,
                1 => operands[0],
                _ => new FilterGroup(isOr: false, operands.ToArray()),
            };
        }

        private FilterOperator Operator(QueryArgument comparison, SourceLocation at) => comparison.Name switch
        {
            "eq" => FilterOperator.Equal,
            "neq" => FilterOperator.NotEqual,
            "gt" => FilterOperator.GreaterThan,
            "gte" => FilterOperator.GreaterThanOrEqual,
            "lt" => FilterOperator.LessThan,
            "lte" => FilterOperator.LessThanOrEqual,
            "in" => FilterOperator.In,
            "contains" => FilterOperator.Contains,
            "startsWith" => FilterOperator.StartsWith,
            "endsWith" => FilterOperator.EndsWith,
            _ => throw Error($"Unknown comparison '{comparison.Name}' in 'where'; use eq, neq, gt, gte, lt, lte, in, contains, startsWith or endsWith.", at),
        };

        private FilterComparison Compare(FieldMetadata compared, FilterOperator op, QueryValue value, SourceLocation at)
        {
            if (op == FilterOperator.In)
            {
                var items = value.Kind == QueryValueKind.List ? value.Items : [value];
                var limits = session.Options;
                if (items.Count > limits.MaxFilterInValues)
                {
                    throw Limit($"'in' on '{compared.WireName}' holds {items.Count} values, above the limit of {limits.MaxFilterInValues} values per 'in' (MaxFilterInValues).", at);
                }

                Count(items.Count, at);
                return new FilterComparison(compared, op, items.Select(v => Typed(compared, v, at, nullAllowed: true)).ToArray());
            }

            Count(1, at);
            bool ordering = op is not (FilterOperator.Equal or FilterOperator.NotEqual);
            if (ordering && (Nullable.GetUnderlyingType(compared.ValueType!) ?? compared.ValueType) == typeof(bool))
            {
                throw Error($"Field '{compared.WireName}' is a Boolean: compare it with eq, neq or in.", at);
            }

            return new FilterComparison(compared, op, [Typed(compared, value, at, nullAllowed: !ordering)]);
        }

        private object? Typed(FieldMetadata compared, QueryValue value, SourceLocation at, bool nullAllowed)
        {
            if (value.Kind == QueryValueKind.Null && nullAllowed)
            {
                return null;
            }

            if (!ScalarLiteral.TryConvert(value, compared.ValueType!, out object? typed))
            {
                throw Error($"Field '{compared.WireName}' on type '{_element.Name}' is a {compared.TypeName}; {value} is not one.", at);
            }

            return typed;
        }

        /// <summary>An and/or list, or a filter object's entries, must stay within <see cref="PlanCompilerOptions.MaxFilterOperands"/>.</summary>
        private void CheckOperands(int count, string what, string owner, SourceLocation at)
        {
            int max = session.Options.MaxFilterOperands;
            if (count > max)
            {
                throw Limit($"{owner} in 'where' on field '{fieldName}' holds {count} {what}, above the limit of {max} (MaxFilterOperands).", at);
            }
        }

        /// <summary>Adds <paramref name="nodes"/> to the compilation's filter size, which must stay within <see cref="PlanCompilerOptions.MaxFilterNodes"/>.</summary>
        private void Count(int nodes, SourceLocation at)
        {
            int max = session.Options.MaxFilterNodes;
            session.FilterNodes += nodes;
            if (session.FilterNodes > max)
            {
                throw Limit($"The selection's 'where' arguments hold more than {max} comparisons, groups and 'in' values (MaxFilterNodes).", at);
            }
        }

        private PopcornQueryException Limit(string detail, SourceLocation at) =>
            session.Error(QueryErrorKind.LimitExceeded, detail, at, fieldName, ownerName);
    }
}

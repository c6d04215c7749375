namespace Popcorn.Query;

/// <summary>
/// <see cref="CollectionArguments"/> over objects in memory, with the semantics the pushdown gives SQL (see
/// docs/data.md): null is less than any value, strings compare by ordinal, a comparison other than (not) equal is false
/// for a null field, and ties keep the source's order (a stable sort).
/// </summary>
internal static class InMemoryArrangement
{
    public static T[] Apply<T>(CollectionArguments arguments, IEnumerable<T> source)
    {
        var items = source;
        if (arguments.Where is { } where)
        {
            // A null element has no fields to test, so no filter keeps it.
            items = items.Where(item => item is not null && Matches(where, item));
        }

        if (arguments.OrderBy.Count > 0)
        {
            items = items.OrderBy(static item => item, new RowComparer<T>(arguments.OrderBy));
        }

        if (arguments.Skip > 0)
        {
            items = items.Skip(arguments.Skip);
        }

        if (arguments.First is { } first)
        {
            items = items.Take(first);
        }

        return items.ToArray();
    }

    public static bool Matches(Filter filter, object row)
    {
        if (filter is FilterGroup group)
        {
            foreach (var operand in group.Operands)
            {
                if (Matches(operand, row) == group.IsOr)
                {
                    return group.IsOr;
                }
            }

            return !group.IsOr;
        }

        if (filter is FilterNot not)
        {
            return !Matches(not.Operand, row);
        }

        if (filter is FilterReference reference)
        {
            // Through the generated getter of the [Filterable] reference; a null one keeps to no filter.
            return reference.Field.GetValue!(row) is { } related && (reference.Operand is null || Matches(reference.Operand, related));
        }

        if (filter is FilterCollection collection)
        {
            return MatchesList(collection, collection.Field.GetValue!(row) as System.Collections.IEnumerable);
        }

        var comparison = (FilterComparison)filter;
        object? value = comparison.Field.GetValue!(row);
        return comparison.Operator switch
        {
            FilterOperator.Equal => Compare(value, comparison.Value) == 0,
            FilterOperator.NotEqual => Compare(value, comparison.Value) != 0,
            FilterOperator.In => comparison.Values.Any(candidate => Compare(value, candidate) == 0),
            _ when value is null || comparison.Value is null => false,
            FilterOperator.Contains or FilterOperator.StartsWith or FilterOperator.EndsWith => MatchesText((string)value, comparison),
            FilterOperator.GreaterThan => Compare(value, comparison.Value) > 0,
            FilterOperator.GreaterThanOrEqual => Compare(value, comparison.Value) >= 0,
            FilterOperator.LessThan => Compare(value, comparison.Value) < 0,
            _ => Compare(value, comparison.Value) <= 0,
        };
    }

    /// <summary>
    /// <c>some</c>, <c>all</c> or <c>none</c> of a list's elements keeping to the operand; a null list is empty, as a
    /// collection navigation is in SQL, and a null element keeps to no filter (as a null element of a filtered list).
    /// </summary>
    private static bool MatchesList(FilterCollection collection, System.Collections.IEnumerable? elements)
    {
        // All is "no element fails"; some and none ask whether one element keeps to it.
        bool lookingForFailure = collection.Quantifier == FilterQuantifier.All;
        foreach (object? element in elements ?? Array.Empty<object>())
        {
            bool keeps = element is not null && (collection.Operand is null || Matches(collection.Operand, element));
            if (keeps != lookingForFailure)
            {
                return collection.Quantifier == FilterQuantifier.Some;
            }
        }

        return collection.Quantifier != FilterQuantifier.Some;
    }

    /// <summary>
    /// Ordinal, or with <c>mode: INSENSITIVE</c> ordinal ignoring case (every letter with a simple case mapping, not
    /// only ASCII: what PostgreSQL does under a UTF-8 locale and SQLite does not; docs/data.md, "Text filters").
    /// </summary>
    private static bool MatchesText(string value, FilterComparison comparison)
    {
        var comparisonType = comparison.IgnoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
        string text = (string)comparison.Value!;
        return comparison.Operator switch
        {
            FilterOperator.Contains => value.Contains(text, comparisonType),
            FilterOperator.StartsWith => value.StartsWith(text, comparisonType),
            _ => value.EndsWith(text, comparisonType),
        };
    }

    /// <summary>Null first, strings by ordinal (as SQLite's default collation), everything else by its own order.</summary>
    public static int Compare(object? a, object? b)
    {
        if (a is null || b is null)
        {
            return (a is null ? 0 : 1) - (b is null ? 0 : 1);
        }

        if (a is string left && b is string right)
        {
            return string.CompareOrdinal(left, right);
        }

        return Comparer<object>.Default.Compare(a, b);
    }

    private sealed class RowComparer<T>(IReadOnlyList<SortKey> keys) : IComparer<T>
    {
        public int Compare(T? x, T? y)
        {
            if (x is null || y is null)
            {
                return (x is null ? 0 : 1) - (y is null ? 0 : 1);
            }

            foreach (var key in keys)
            {
                var get = key.Field.GetValue!;
                int order = InMemoryArrangement.Compare(get(x), get(y));
                if (order != 0)
                {
                    return key.Descending ? -order : order;
                }
            }

            return 0;
        }
    }
}

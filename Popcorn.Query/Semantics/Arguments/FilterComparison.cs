namespace Popcorn.Query;

/// <summary>One comparison of a <c>[Filterable]</c> field with typed values: <c>total: {gt: 100}</c>.</summary>
public sealed class FilterComparison : Filter
{
    internal FilterComparison(FieldMetadata field, FilterOperator @operator, IReadOnlyList<object?> values, bool ignoreCase = false)
    {
        Field = field;
        Operator = @operator;
        Values = values;
        IgnoreCase = ignoreCase;
    }

    /// <summary>The field compared.</summary>
    public FieldMetadata Field { get; }

    /// <summary>How it is compared.</summary>
    public FilterOperator Operator { get; }

    /// <summary>The value (one for every operator but <see cref="FilterOperator.In"/>), of the field's <see cref="FieldMetadata.ValueType"/> or null.</summary>
    public IReadOnlyList<object?> Values { get; }

    /// <summary>
    /// For <see cref="FilterOperator.Contains"/>, <see cref="FilterOperator.StartsWith"/> and
    /// <see cref="FilterOperator.EndsWith"/>: the client asked for <c>mode: INSENSITIVE</c>. Letters then match in
    /// either case as far as the source can fold them (docs/data.md, "Text filters"); otherwise text matches ordinally.
    /// </summary>
    public bool IgnoreCase { get; }

    /// <summary>The single value of a comparison other than <see cref="FilterOperator.In"/>.</summary>
    public object? Value => Values[0];
}

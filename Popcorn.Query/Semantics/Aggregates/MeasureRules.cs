namespace Popcorn.Query;

/// <summary>
/// Which fields the measure objects of an aggregate (<c>sum</c>, <c>avg</c>, <c>min</c>, <c>max</c>) take and what their
/// types are called: one rule for the plan compiler, which checks a selection, and the schemas, which declare the same
/// fields (docs/data.md, "Aggregates").
/// </summary>
internal static class MeasureRules
{
    /// <summary>The measure objects, in the order the schemas list them, with the name a selection gives each.</summary>
    public static readonly (AggregateMeasureKind Kind, string Name)[] Objects =
    [
        (AggregateMeasureKind.Sum, "sum"),
        (AggregateMeasureKind.Average, "avg"),
        (AggregateMeasureKind.Minimum, "min"),
        (AggregateMeasureKind.Maximum, "max"),
    ];

    /// <summary>
    /// Whether a measure of <paramref name="kind"/> takes <paramref name="field"/> (the caller's visibility apart): a
    /// <c>[Sortable]</c> scalar of a type the measures order (numbers, text, dates and times, <c>Guid</c>); a number for
    /// <c>sum</c> and <c>avg</c>.
    /// </summary>
    public static bool Takes(AggregateMeasureKind kind, FieldMetadata field) =>
        field is { IsSortable: true, IsNever: false, Kind: FieldKind.Scalar, ValueType: { } type }
        && MeasureValues.IsOrdered(type)
        && (!IsNumericOnly(kind) || MeasureValues.IsNumeric(type));

    /// <summary>
    /// Whether the elements can be grouped by <paramref name="field"/> (the caller's visibility apart): a
    /// <c>[Sortable]</c> scalar whose values the groups can be ordered by and the key can write as the model writes
    /// them: what <c>min</c> and <c>max</c> take, <c>bool</c>, and an enum or any other value the generated metadata
    /// writes itself (<see cref="FieldMetadata.WriteValue"/>).
    /// </summary>
    public static bool GroupsBy(FieldMetadata field) =>
        field is { IsSortable: true, IsNever: false, Kind: FieldKind.Scalar, ValueType: { } type, GetValue: not null }
        && (field.WriteValue is not null || MeasureValues.IsOrdered(type) || (Nullable.GetUnderlyingType(type) ?? type) == typeof(bool));

    /// <summary>Whether <paramref name="kind"/> takes numbers only (<c>sum</c>, <c>avg</c>).</summary>
    public static bool IsNumericOnly(AggregateMeasureKind kind) => kind is AggregateMeasureKind.Sum or AggregateMeasureKind.Average;

    /// <summary>The type of a measure object over elements of <paramref name="elementName"/> (<c>OrderSums</c>); null for <c>count</c> and <c>__typename</c>.</summary>
    public static string? TypeName(AggregateMeasureKind kind, string elementName) => kind switch
    {
        AggregateMeasureKind.Sum => elementName + "Sums",
        AggregateMeasureKind.Average => elementName + "Averages",
        AggregateMeasureKind.Minimum => elementName + "Minima",
        AggregateMeasureKind.Maximum => elementName + "Maxima",
        AggregateMeasureKind.Groups => elementName + AggregateGroups.TypeSuffix,
        AggregateMeasureKind.Key => elementName + AggregateGroups.KeyTypeSuffix,
        _ => null,
    };
}

namespace Popcorn.Query;

/// <summary>
/// A filter over a <c>[Filterable]</c> list of models: <c>lines: {some: {quantity: {gt: 5}}}</c>, <c>all</c> or
/// <c>none</c> (<see cref="Quantifier"/>). In SQL it is <c>EXISTS</c> or <c>NOT EXISTS</c> of a correlated subquery.
/// </summary>
public sealed class FilterCollection : Filter
{
    internal FilterCollection(FieldMetadata field, FilterQuantifier quantifier, Filter? operand)
    {
        Field = field;
        Quantifier = quantifier;
        Operand = operand;
    }

    /// <summary>The list tested: a list-of-models field marked <c>[Filterable]</c>.</summary>
    public FieldMetadata Field { get; }

    /// <summary>How many of the list's elements must keep to <see cref="Operand"/>.</summary>
    public FilterQuantifier Quantifier { get; }

    /// <summary>The filter over the element type's fields; null when any element will do (<c>some: {}</c>: the list is not empty).</summary>
    public Filter? Operand { get; }
}

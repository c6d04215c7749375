namespace Popcorn.Query;

/// <summary>
/// A filter through a <c>[Filterable]</c> reference: <c>customer: {name: {startsWith: "A"}}</c> keeps the elements whose
/// customer is set and keeps to <see cref="Operand"/>. A null reference keeps to nothing, so <c>customer: null</c>
/// (read as <c>not</c> of <c>customer: {}</c>) keeps exactly the elements without one. In SQL it is a join.
/// </summary>
public sealed class FilterReference : Filter
{
    internal FilterReference(FieldMetadata field, Filter? operand)
    {
        Field = field;
        Operand = operand;
    }

    /// <summary>The reference followed: an object field marked <c>[Filterable]</c>.</summary>
    public FieldMetadata Field { get; }

    /// <summary>The filter the referenced object must keep to, over its own type's fields; null when being set is enough (<c>customer: {}</c>).</summary>
    public Filter? Operand { get; }
}

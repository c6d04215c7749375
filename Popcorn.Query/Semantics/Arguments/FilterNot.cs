namespace Popcorn.Query;

/// <summary>
/// <c>not: {...}</c>: the elements its filter does not keep. Two-valued, as in C#: a comparison that is false for a null
/// field (<c>gt</c>, <c>contains</c>) is true under <c>not</c>, in memory and in SQL alike.
/// </summary>
public sealed class FilterNot : Filter
{
    internal FilterNot(Filter operand)
    {
        Operand = operand;
    }

    /// <summary>The filter negated.</summary>
    public Filter Operand { get; }
}

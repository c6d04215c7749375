namespace Popcorn.Query;

/// <summary>Filters joined by and (an object's entries, <c>and: [...]</c>) or by or (<c>or: [...]</c>).</summary>
public sealed class FilterGroup : Filter
{
    internal FilterGroup(bool isOr, IReadOnlyList<Filter> operands)
    {
        IsOr = isOr;
        Operands = operands;
    }

    /// <summary>True when any operand suffices; false when all must hold.</summary>
    public bool IsOr { get; }

    /// <summary>The filters joined; never empty.</summary>
    public IReadOnlyList<Filter> Operands { get; }
}

namespace Popcorn.Query;

/// <summary>How many elements of a list a <see cref="FilterCollection"/> asks to keep to its filter.</summary>
public enum FilterQuantifier
{
    /// <summary><c>some</c>: at least one element does (never true for an empty list).</summary>
    Some,

    /// <summary><c>all</c>: every element does (true for an empty list).</summary>
    All,

    /// <summary><c>none</c>: no element does (true for an empty list).</summary>
    None,
}

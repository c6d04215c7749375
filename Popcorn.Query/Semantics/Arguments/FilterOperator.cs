namespace Popcorn.Query;

/// <summary>The comparisons a <c>where</c> argument can make on a <c>[Filterable]</c> field.</summary>
public enum FilterOperator
{
    /// <summary><c>eq</c>, or a bare value (<c>{status: SHIPPED}</c>); <c>null</c> tests for null.</summary>
    Equal,

    /// <summary><c>neq</c>; <c>null</c> tests for not null. A null field is not equal to any value (C#'s rule).</summary>
    NotEqual,

    /// <summary><c>gt</c>; never true for a null field.</summary>
    GreaterThan,

    /// <summary><c>gte</c>; never true for a null field.</summary>
    GreaterThanOrEqual,

    /// <summary><c>lt</c>; never true for a null field.</summary>
    LessThan,

    /// <summary><c>lte</c>; never true for a null field.</summary>
    LessThanOrEqual,

    /// <summary><c>in: [a, b]</c>: equal to one of the values.</summary>
    In,
}

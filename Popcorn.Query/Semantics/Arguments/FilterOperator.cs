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

    /// <summary><c>contains: "x"</c>: a text field holding the value anywhere (ordinal, or ignoring case); never true for a null field.</summary>
    Contains,

    /// <summary><c>startsWith: "x"</c>: a text field beginning with the value; never true for a null field.</summary>
    StartsWith,

    /// <summary><c>endsWith: "x"</c>: a text field ending with the value; never true for a null field.</summary>
    EndsWith,
}

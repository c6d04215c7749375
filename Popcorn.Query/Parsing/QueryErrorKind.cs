namespace Popcorn.Query;

/// <summary>What went wrong with a query; lets a host map errors without parsing messages.</summary>
public enum QueryErrorKind
{
    /// <summary>The text does not follow the grammar.</summary>
    Syntax,

    /// <summary>A configured limit (length, depth, fields, aliases) was exceeded.</summary>
    LimitExceeded,

    /// <summary>A name that the type does not expose (unknown, or hidden by <c>[Never]</c>).</summary>
    UnknownField,

    /// <summary>Well-formed but meaningless: children on a scalar, two fields under one key, a bad argument.</summary>
    InvalidSelection,

    /// <summary>A GraphQL variable is missing or has the wrong type.</summary>
    InvalidVariable,

    /// <summary>A field the caller's authorization policies refuse, named while <see cref="UnauthorizedFieldHandling.Forbid"/> is on (a 403).</summary>
    Forbidden,
}

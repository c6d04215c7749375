namespace Popcorn.Query;

/// <summary>
/// A <c>where</c> argument as a small expression tree, checked against metadata when the plan was compiled: either a
/// <see cref="FilterComparison"/> of one field with typed values, or a <see cref="FilterGroup"/> of filters joined by
/// and/or. Values are already converted to the field's CLR type, so a consumer never parses text.
/// </summary>
public abstract class Filter
{
    private protected Filter()
    {
    }
}

namespace Popcorn.Query;

/// <summary>
/// A <c>where</c> argument as a small expression tree, checked against metadata when the plan was compiled: either a
/// <see cref="FilterComparison"/> of one field with typed values, a <see cref="FilterGroup"/> of filters joined by
/// and/or, a <see cref="FilterNot"/>, or a filter through a reference (<see cref="FilterReference"/>) or over a list
/// (<see cref="FilterCollection"/>) whose operand tests the related type's fields. Values are already converted to the
/// field's CLR type, so a consumer never parses text.
/// </summary>
public abstract class Filter
{
    private protected Filter()
    {
    }
}

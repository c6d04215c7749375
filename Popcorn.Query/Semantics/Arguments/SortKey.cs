namespace Popcorn.Query;

/// <summary>One key of an <c>orderBy</c> argument: a <c>[Sortable]</c> field and its direction.</summary>
/// <param name="Field">The field to order by, checked against the element type's metadata.</param>
/// <param name="Descending">True for <c>DESC</c>.</param>
public sealed record SortKey(FieldMetadata Field, bool Descending);

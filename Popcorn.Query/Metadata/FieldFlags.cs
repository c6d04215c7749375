namespace Popcorn.Query;

/// <summary>The Popcorn attributes on a field.</summary>
[Flags]
public enum FieldFlags
{
    /// <summary>No Popcorn attribute.</summary>
    None = 0,

    /// <summary><c>[Default]</c>: written when the client does not choose.</summary>
    Default = 1,

    /// <summary><c>[Always]</c>: written whatever the client chooses; cannot be removed.</summary>
    Always = 2,

    /// <summary><c>[Never]</c>: never written, and invisible to clients.</summary>
    Never = 4,

    /// <summary><c>[Sortable]</c>: clients may order lists of the declaring type by it (<c>orderBy</c>).</summary>
    Sortable = 8,

    /// <summary><c>[Filterable]</c>: clients may filter lists of the declaring type by it (<c>where</c>).</summary>
    Filterable = 16,

    /// <summary>
    /// A list whose elements the C# code declares non-null (<c>List&lt;string&gt;</c>, <c>Line[]</c> under nullable
    /// annotations) and whose element type cannot lead back to itself, so no cycle can be written as a <c>null</c>
    /// element. Set by the generator. Under <see cref="SelectionSemantics.GraphQL"/> a plan asks the writers to refuse a
    /// null element of such a list (<see cref="PlannedField.ElementsRequired"/>), and the gateway types its elements
    /// non-null.
    /// </summary>
    NonNullElements = 32,

    /// <summary>
    /// A list that cannot be paged by cursor (<c>after</c>), whatever its element type could be ordered by: its elements
    /// come from a source that answers many lists in one call (a gateway's join to many, one call for every list of a
    /// level), so no cursor could name a position in one of them. A plan that asks it for <c>after</c> is refused.
    /// </summary>
    NoCursor = 64,
}

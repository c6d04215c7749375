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
}

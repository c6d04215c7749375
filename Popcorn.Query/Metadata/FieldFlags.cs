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
}

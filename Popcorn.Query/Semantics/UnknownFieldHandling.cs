namespace Popcorn.Query;

/// <summary>What plan compilation does with a name the type does not expose.</summary>
public enum UnknownFieldHandling
{
    /// <summary>Reject the query with an error naming the field, the type and close matches (the default).</summary>
    Error,

    /// <summary>Skip the name silently, as Popcorn v8 does.</summary>
    Ignore,
}

namespace Popcorn.Query;

/// <summary>The two levels of a <see cref="SelectionPlanCache"/>.</summary>
public enum SelectionPlanCacheLevel
{
    /// <summary>Plans by the exact text the client sent (a hit skips parsing).</summary>
    Text,

    /// <summary>Plans by the tree's canonical print, shared by equivalent spellings (a hit skips compiling).</summary>
    CanonicalForm,
}

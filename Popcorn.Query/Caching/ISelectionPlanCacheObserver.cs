using System.Diagnostics;

namespace Popcorn.Query;

/// <summary>
/// Told what a <see cref="SelectionPlanCache"/> does, so a host can count it and trace it (Popcorn.Server turns these
/// calls into its meter's counters and its activity source's spans). Called on the request's thread, on the hot path:
/// an implementation must be thread-safe and must cost next to nothing when nobody is listening.
/// </summary>
public interface ISelectionPlanCacheObserver
{
    /// <summary>One lookup at <paramref name="level"/> found a plan (<paramref name="hit"/>) or did not.</summary>
    void OnLookup(SelectionPlanCacheLevel level, bool hit);

    /// <summary>An entry of <paramref name="level"/> was dropped to make room for a new one.</summary>
    void OnEvicted(SelectionPlanCacheLevel level);

    /// <summary>Parsing of <paramref name="text"/> starts; the returned span (if any) is stopped when it ends.</summary>
    Activity? StartParse(string text);

    /// <summary>Compiling a plan for <paramref name="type"/> starts; the returned span (if any) is stopped when it ends.</summary>
    Activity? StartCompile(TypeMetadata type);
}

using System.Diagnostics;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Turns what the plan cache does into Popcorn's cache counters and its parse and compile spans.</summary>
internal sealed class PlanCacheTelemetry(PopcornMetrics metrics) : ISelectionPlanCacheObserver
{
    public void OnLookup(SelectionPlanCacheLevel level, bool hit) => metrics.CacheLookup(NameOf(level), hit);

    public void OnEvicted(SelectionPlanCacheLevel level) => metrics.CacheEviction(NameOf(level));

    public Activity? StartParse(string text) => PopcornTracing.StartParse(text);

    public Activity? StartCompile(TypeMetadata type) => PopcornTracing.StartCompile(type);

    private static string NameOf(SelectionPlanCacheLevel level) =>
        level == SelectionPlanCacheLevel.Text ? PopcornTelemetryTags.CachePlansByText : PopcornTelemetryTags.CachePlansByCanonicalForm;
}

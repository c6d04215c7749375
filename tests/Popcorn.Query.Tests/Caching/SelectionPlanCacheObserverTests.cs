using System.Diagnostics;
using Popcorn.Query.Tests.Semantics;

namespace Popcorn.Query.Tests.Caching;

public class SelectionPlanCacheObserverTests
{
    [Fact]
    public void GetOrCompile_NewTextThenSameThenEquivalent_ReportsEachLevelsLookups()
    {
        var observer = new RecordingObserver();
        var cache = new SelectionPlanCache(observer: observer);

        cache.GetOrCompile(SampleMetadata.Employee, "[email]");
        cache.GetOrCompile(SampleMetadata.Employee, "[email]");
        cache.GetOrCompile(SampleMetadata.Employee, "{ email }");

        observer.Events.ShouldBe([
            "lookup Text miss", "parse [email]", "lookup CanonicalForm miss", "compile Employee",
            "lookup Text hit",
            "lookup Text miss", "parse { email }", "lookup CanonicalForm hit",
        ]);
    }

    [Fact]
    public void GetOrCompile_PastCapacity_ReportsAnEvictionAtEachLevel()
    {
        var observer = new RecordingObserver();
        var cache = new SelectionPlanCache(capacity: 1, observer: observer);

        cache.GetOrCompile(SampleMetadata.Employee, "[id]");
        cache.GetOrCompile(SampleMetadata.Employee, "[email]");

        observer.Events.Where(e => e.StartsWith("evicted", StringComparison.Ordinal)).ShouldBe(["evicted CanonicalForm", "evicted Text"]);
    }

    [Fact]
    public void GetOrCompile_UnknownField_MarksTheCompileSpanAsFailedAndStillThrows()
    {
        using var source = new ActivitySource("Popcorn.Query.Tests.Observer");
        using var listener = new ActivityListener
        {
            ShouldListenTo = s => s == source,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
        };
        ActivitySource.AddActivityListener(listener);
        var observer = new RecordingObserver(source);
        var cache = new SelectionPlanCache(observer: observer);

        Should.Throw<PopcornQueryException>(() => cache.GetOrCompile(SampleMetadata.Employee, "[nope]"));

        var compile = observer.Spans.Single(s => s.OperationName == "compile");
        compile.Status.ShouldBe(ActivityStatusCode.Error);
        compile.StatusDescription.ShouldBe(nameof(QueryErrorKind.UnknownField));
        observer.Spans.Single(s => s.OperationName == "parse").Status.ShouldBe(ActivityStatusCode.Unset);
    }

    private sealed class RecordingObserver(ActivitySource? source = null) : ISelectionPlanCacheObserver
    {
        public List<string> Events { get; } = [];

        public List<Activity> Spans { get; } = [];

        public void OnLookup(SelectionPlanCacheLevel level, bool hit) => Events.Add($"lookup {level} {(hit ? "hit" : "miss")}");

        public void OnEvicted(SelectionPlanCacheLevel level) => Events.Add($"evicted {level}");

        public Activity? StartParse(string text)
        {
            Events.Add($"parse {text}");
            return Start("parse");
        }

        public Activity? StartCompile(TypeMetadata type)
        {
            Events.Add($"compile {type.Name}");
            return Start("compile");
        }

        private Activity? Start(string name)
        {
            var span = source?.StartActivity(name);
            if (span is not null)
            {
                Spans.Add(span);
            }

            return span;
        }
    }
}

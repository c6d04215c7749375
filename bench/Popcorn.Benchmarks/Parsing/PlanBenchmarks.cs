using BenchmarkDotNet.Attributes;
using Popcorn.Query;

namespace Popcorn.Benchmarks.Parsing;

/// <summary>
/// What a request pays for its selection once it is known: a hit on the warm plan cache (the steady state), and
/// compiling a parsed tree against metadata (what a miss pays after parsing).
/// </summary>
[MemoryDiagnoser]
public class PlanBenchmarks
{
    private readonly SelectionPlanCache _cache = new();
    private string _text = "";
    private SelectionTree _tree = null!;

    [Params(Selection.Small, Selection.Typical, Selection.Medium, Selection.Deep, Selection.Stress)]
    public Selection Selection { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        SelectionTexts.Verify(Selection);
        string warm = SelectionTexts.Include(Selection);
        _tree = SelectionParser.Parse(warm);
        var plan = _cache.GetOrCompile(SelectionTexts.Node, warm);

        // A server reads a new string from every request: look up an equal copy, never the cached instance.
        _text = new string(warm.AsSpan());
        if (!ReferenceEquals(plan, _cache.GetOrCompile(SelectionTexts.Node, _text)))
        {
            throw new InvalidOperationException("The warm cache compiled the plan again.");
        }
    }

    [Benchmark]
    public SelectionPlan CacheHit() => _cache.GetOrCompile(SelectionTexts.Node, _text);

    [Benchmark]
    public SelectionPlan Compile() => PlanCompiler.Compile(SelectionTexts.Node, _tree);
}

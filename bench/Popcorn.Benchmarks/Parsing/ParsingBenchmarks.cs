using BenchmarkDotNet.Attributes;
using Popcorn.Query;

namespace Popcorn.Benchmarks.Parsing;

/// <summary>
/// Parsing one selection into its tree, in each syntax, through the entry point a server calls
/// (<see cref="SelectionParser.Parse"/>, which detects the syntax). The ratio column is GraphQL-like over include.
/// </summary>
/// <remarks>HotChocolate.Language's raw parse is not compared: the package is not on this project's NuGet source.</remarks>
[MemoryDiagnoser]
public class ParsingBenchmarks
{
    private string _include = "";
    private string _graphQL = "";

    [Params(Selection.Small, Selection.Typical, Selection.Medium, Selection.Deep, Selection.Stress)]
    public Selection Selection { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        SelectionTexts.Verify(Selection);
        _include = SelectionTexts.Include(Selection);
        _graphQL = SelectionTexts.GraphQL(Selection);
    }

    [Benchmark(Baseline = true)]
    public SelectionTree Include() => SelectionParser.Parse(_include);

    [Benchmark]
    public SelectionTree GraphQL() => SelectionParser.Parse(_graphQL);
}

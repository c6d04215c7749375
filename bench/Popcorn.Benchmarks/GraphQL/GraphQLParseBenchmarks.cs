using BenchmarkDotNet.Attributes;
using Popcorn.Bench.Host;
using Popcorn.Query;

namespace Popcorn.Benchmarks.GraphQL;

/// <summary>
/// The GraphQL document parse alone, on the comparison's four documents: Popcorn's (the gateway's
/// <c>GraphQLSelectionParser.ParseDocument</c>: the length limit, the depth pre-scan and the grammar into a syntax
/// tree) against graphql-dotnet's GraphQL-Parser 9.5.1 (<c>GraphQLParser.Parser.Parse</c>, its default options), which
/// GraphQL.NET parses with. Setup checks that both accept every document.
/// </summary>
[MemoryDiagnoser]
public class GraphQLParseBenchmarks
{
    private static readonly SelectionParserOptions s_options = new();
    private string _text = null!;

    [ParamsSource(nameof(Cases))]
    public string Document { get; set; } = GraphQLCases.Small.Name;

    public static IEnumerable<string> Cases => GraphQLCases.All.Select(c => c.Name);

    [GlobalSetup]
    public void Setup()
    {
        // A distinct string, as a server gets a new one per request.
        _text = new string(GraphQLCases.All.Single(c => c.Name == Document).Query.AsSpan());
        if (Popcorn() is null || GraphQLParser() is null)
        {
            throw new InvalidOperationException($"A parser refused '{Document}'.");
        }
    }

    [Benchmark(Baseline = true)]
    public object GraphQLParser() => global::GraphQLParser.Parser.Parse(_text);

    [Benchmark]
    public object? Popcorn() => Query.GraphQLSelectionParser.ParseDocument(_text, s_options);
}

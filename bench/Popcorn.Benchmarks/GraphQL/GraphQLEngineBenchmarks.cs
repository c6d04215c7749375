using BenchmarkDotNet.Attributes;
using Popcorn.Bench.Host;

namespace Popcorn.Benchmarks.GraphQL;

/// <summary>
/// One GraphQL request, end to end in process, through Popcorn's gateway and through GraphQL.NET 8.8.5 (code-first,
/// GraphQL.SystemTextJson), same schema, same objects, same POST body: read the JSON body, parse, validate, execute,
/// serialize. Popcorn keeps validated documents with their plans (its design); GraphQL.NET parses and validates every
/// request by default (<c>GraphQLNet</c>) or keeps validated documents as a production setup with GraphQL.MemoryCache
/// does (<c>GraphQLNet_Cached</c>, through a stand-in: that package is not served here). Setup checks that all answer
/// the same <c>data</c> (introspection aside: the two describe different schemas, see bench/results/graphql-net.md).
/// </summary>
[MemoryDiagnoser]
public class GraphQLEngineBenchmarks
{
    private InProcessHost _host = null!;
    private byte[] _body = null!;

    [ParamsSource(nameof(Cases))]
    public string Query { get; set; } = GraphQLCases.Small.Name;

    public static IEnumerable<string> Cases => GraphQLCases.All.Select(c => c.Name);

    [GlobalSetup]
    public void Setup()
    {
        _host = new InProcessHost();
        var graphQLCase = GraphQLCases.All.Single(c => c.Name == Query);
        _body = graphQLCase.Body();
        Check(_host, graphQLCase);
    }

    [GlobalCleanup]
    public void Cleanup() => _host.DisposeAsync().AsTask().GetAwaiter().GetResult();

    [Benchmark(Baseline = true)]
    public Task<int> GraphQLNet() => _host.PostAsync(_host.GraphQLNet, _body);

    [Benchmark]
    public Task<int> GraphQLNet_Cached() => _host.PostAsync(_host.GraphQLNetCached, _body);

    [Benchmark]
    public Task<int> Popcorn() => _host.PostAsync(_host.Popcorn, _body);

    /// <summary>
    /// Both engines answer 200 without errors and with the same <c>data</c>, byte for byte once re-serialized; for
    /// introspection, both describe Query, Employee and Department with the same fields.
    /// </summary>
    public static void Check(InProcessHost host, GraphQLCase graphQLCase)
    {
        byte[] body = graphQLCase.Body();
        string Answer(Microsoft.AspNetCore.Http.RequestDelegate endpoint, string engine)
        {
            int status = host.PostAsync(endpoint, body).GetAwaiter().GetResult();
            if (status != 200)
            {
                throw new InvalidOperationException($"{engine} answered {status} to '{graphQLCase.Name}': {host.LastResponseText()}");
            }

            return host.LastData();
        }

        string popcorn = Answer(host.Popcorn, "Popcorn");
        string graphQLNet = Answer(host.GraphQLNet, "GraphQL.NET");
        string cached = Answer(host.GraphQLNetCached, "GraphQL.NET (cached documents)");
        if (cached != graphQLNet || Answer(host.GraphQLNetCached, "GraphQL.NET (cached documents), again") != graphQLNet)
        {
            throw new InvalidOperationException($"GraphQL.NET answers '{graphQLCase.Name}' differently with its document cache:\n{cached}\n{graphQLNet}");
        }
        if (graphQLCase == GraphQLCases.Introspection)
        {
            foreach (string type in (string[])["Query", "Employee", "Department"])
            {
                if (Fields(popcorn, type) != Fields(graphQLNet, type))
                {
                    throw new InvalidOperationException($"The engines describe {type} differently: {Fields(popcorn, type)} vs {Fields(graphQLNet, type)}");
                }
            }
        }
        else if (popcorn != graphQLNet)
        {
            throw new InvalidOperationException($"The engines answer '{graphQLCase.Name}' differently:\n{popcorn}\n{graphQLNet}");
        }
    }

    /// <summary>
    /// A type's field names in the introspection answer <paramref name="data"/>, sorted; the aggregates Popcorn adds
    /// beside every list by rule (<c>membersAggregate</c>, docs/data.md) are left out, as GraphQL.NET's schema declares
    /// none: Popcorn's answer is the larger one by them (its bytes column says so).
    /// </summary>
    private static string Fields(string data, string type)
    {
        using var document = System.Text.Json.JsonDocument.Parse(data);
        var found = document.RootElement.GetProperty("__schema").GetProperty("types").EnumerateArray()
            .Single(t => t.GetProperty("name").GetString() == type);
        return string.Join(",", found.GetProperty("fields").EnumerateArray().Select(f => f.GetProperty("name").GetString()!)
            .Where(name => !name.EndsWith("Aggregate", StringComparison.Ordinal)).Order(StringComparer.Ordinal));
    }
}

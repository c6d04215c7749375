using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Http;
using Popcorn.Bench.Host;

namespace Popcorn.Benchmarks.GraphQL;

/// <summary>
/// The same selection (every department with its members' id, names and email) as a REST request
/// (<c>GET /company/departments?include=[...]</c>) and as a gateway query (<c>POST /graphql</c>, JSON body, validation
/// included: a repeated document is found in the gateway's document cache with its plan, as in production). Setup
/// checks that the gateway's <c>data.departments</c> is byte for byte the REST body.
/// </summary>
[MemoryDiagnoser]
public class GatewayVsRestBenchmarks
{
    private static readonly QueryString s_include = QueryString.Create("include", GraphQLCases.NestedListInclude);
    private InProcessHost _host = null!;
    private byte[] _body = null!;

    [GlobalSetup]
    public void Setup()
    {
        _host = new InProcessHost();
        _body = GraphQLCases.NestedList.Body();
        Check(_host);
    }

    [GlobalCleanup]
    public void Cleanup() => _host.DisposeAsync().AsTask().GetAwaiter().GetResult();

    [Benchmark(Baseline = true)]
    public Task<int> Rest() => _host.GetAsync(_host.Rest, s_include);

    [Benchmark]
    public Task<int> Gateway() => _host.PostAsync(_host.Popcorn, _body);

    /// <summary>The gateway's departments are exactly the REST response.</summary>
    public static void Check(InProcessHost host)
    {
        if (host.GetAsync(host.Rest, s_include).GetAwaiter().GetResult() != 200)
        {
            throw new InvalidOperationException("REST: " + host.LastResponseText());
        }

        string rest = host.LastResponseText();
        host.PostAsync(host.Popcorn, GraphQLCases.NestedList.Body()).GetAwaiter().GetResult();
        string gateway = host.LastResponseText();
        if (gateway != "{\"data\":{\"departments\":" + rest + "}}")
        {
            throw new InvalidOperationException($"The gateway's departments differ from REST's:\n{gateway[..Math.Min(300, gateway.Length)]}\n{rest[..Math.Min(300, rest.Length)]}");
        }
    }
}

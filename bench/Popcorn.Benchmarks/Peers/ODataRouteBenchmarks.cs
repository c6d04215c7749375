using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// One whole GET of the do-it-yourself routes' data (the 100 flat objects of <c>SimpleList100</c>) with the same two
/// selections, through Popcorn's endpoint filter (<c>?include=</c>: a plan-cache hit, then the generated writer) and
/// through ASP.NET Core OData 9.5 (<c>?$select=</c>: its query filter parses the options, applies them to the list's
/// <c>IQueryable</c> and its serializer writes OData's JSON), both in process (<see cref="InProcessEndpoint"/>, no
/// server, no database). Whole requests, not the DIY rows' projection and writing alone, because OData's work is spread
/// over its filter, its result and its serializer: stopping earlier would measure a part no OData user runs. Setup
/// checks that both answer the same rows value by value (<see cref="SameRows"/>).
/// </summary>
[MemoryDiagnoser]
public class ODataRouteBenchmarks
{
    private WebApplication _app = null!;
    private AsyncServiceScope _scope;
    private InProcessEndpoint _popcorn = null!;
    private InProcessEndpoint _odata = null!;

    [Params(DiySelection.Narrow, DiySelection.Full)]
    public DiySelection Selection { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _app = ODataRouteApp.Build();
        _scope = _app.Services.CreateAsyncScope();

        // Percent-encoded as a client sends them; each request parses its own strings from the query string.
        _popcorn = new InProcessEndpoint(_app, _scope.ServiceProvider, ODataRouteApp.PopcornPath, QueryString.Create("include", DiySelectionText.Include(Selection)));
        _odata = new InProcessEndpoint(_app, _scope.ServiceProvider, ODataRouteApp.ODataPath, QueryString.Create("$select", DiySelectionText.Fields(Selection)));
        Verify();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _scope.DisposeAsync().AsTask().GetAwaiter().GetResult();
        _app.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    [Benchmark(Baseline = true)]
    public Task<int> Popcorn() => _popcorn.GetAsync();

    [Benchmark]
    public Task<int> OData() => _odata.GetAsync();

    /// <summary>Fails the run unless both routes answer 200 with the same rows of the selection's fields.</summary>
    /// <exception cref="InvalidOperationException">A route failed, or the two answer different rows or values.</exception>
    public void Verify()
    {
        byte[] popcorn = Answer(_popcorn, "Popcorn");
        byte[] odata = Answer(_odata, "OData");
        SameRows.Require("OData", popcorn, odata, DiySelectionText.Fields(Selection).Split(','));
    }

    private static byte[] Answer(InProcessEndpoint endpoint, string route)
    {
        int status = endpoint.GetAsync().GetAwaiter().GetResult();
        byte[] body = endpoint.Response.ToArray();
        if (status != 200)
        {
            throw new InvalidOperationException($"{route} answered {status}: {System.Text.Encoding.UTF8.GetString(body)}");
        }

        return body;
    }
}

using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Popcorn.Bench.Data.Benchmarks;

/// <summary>
/// One request per operation, through the endpoints' own delegates (<see cref="EndpointCaller"/>): time and bytes
/// allocated per request. Narrow: Popcorn's pushdown against the naive paths and Popcorn without pushdown (baseline:
/// the naive path with the selection's Include) and ASP.NET Core OData's <c>$select</c>/<c>$expand</c>. Deep: Popcorn's
/// pushdown against the hand-written projection (its baseline) and OData.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DataBenchmarks
{
    /// <summary>The narrow selection, percent-encoded.</summary>
    public const string Narrow = "%5Bid%2CplacedAt%2Ccustomer%5Bname%5D%5D";

    /// <summary>The deep selection, percent-encoded.</summary>
    public const string Deep = "%5Bid%2CplacedAt%2Clines%5Bquantity%2Cproduct%5Bsku%2Cname%2Cprice%5D%5D%5D";

    /// <summary>The app's arguments (store size, provider), set by <see cref="DataBenchmarkRunner"/> before the run.</summary>
    public static string[] AppArgs { get; set; } = [];

    private WebApplication _app = null!;
    private EndpointCaller _caller = null!;

    [GlobalSetup]
    public void Setup()
    {
        _app = DataBenchApp.BuildAsync(AppArgs).GetAwaiter().GetResult();
        _caller = new EndpointCaller(_app);
        string pushdown = Body("/orders?include=" + Narrow);
        Check(pushdown == Body("/orders/no-pushdown?include=" + Narrow), "Popcorn with and without pushdown answer different JSON for the narrow selection.");
        Check(Body("/split/orders?include=" + Deep) == Body("/dto/orders"), "Popcorn's deep selection and the hand-written projection answer different JSON.");
        Check(Body("/naive/orders").Length > pushdown.Length, "The naive path answers less than the narrow selection.");
    }

    [GlobalCleanup]
    public void Cleanup() => _app.DisposeAsync().AsTask().GetAwaiter().GetResult();

    [Benchmark, BenchmarkCategory("Narrow")]
    public Task<int> Popcorn_Pushdown_Narrow() => _caller.GetAsync("/orders?include=" + Narrow);

    [Benchmark, BenchmarkCategory("Narrow")]
    public Task<int> Popcorn_NoPushdown_Narrow() => _caller.GetAsync("/orders/no-pushdown?include=" + Narrow);

    [Benchmark(Baseline = true), BenchmarkCategory("Narrow")]
    public Task<int> Naive_IncludeCustomer() => _caller.GetAsync("/naive/orders");

    [Benchmark, BenchmarkCategory("Narrow")]
    public Task<int> OData_Narrow() => _caller.GetAsync("/odata/orders?" + OData.ODataEndpoints.Narrow);

    [Benchmark, BenchmarkCategory("Narrow")]
    public Task<int> Naive_IncludeEverything() => _caller.GetAsync("/naive/orders/everything");

    [Benchmark, BenchmarkCategory("Deep")]
    public Task<int> Popcorn_Pushdown_Deep() => _caller.GetAsync("/split/orders?include=" + Deep);

    [Benchmark, BenchmarkCategory("Deep")]
    public Task<int> OData_Deep() => _caller.GetAsync("/odata/split/orders?" + OData.ODataEndpoints.Deep);

    [Benchmark(Baseline = true), BenchmarkCategory("Deep")]
    public Task<int> HandWritten_Select_Deep() => _caller.GetAsync("/dto/orders");

    private string Body(string path)
    {
        int status = _caller.GetAsync(path).GetAwaiter().GetResult();
        Check(status == 200, $"{path} answered {status}.");
        return Encoding.UTF8.GetString(_caller.Body.ToArray());
    }

    private static void Check(bool condition, string failure)
    {
        if (!condition)
        {
            throw new InvalidOperationException(failure);
        }
    }
}

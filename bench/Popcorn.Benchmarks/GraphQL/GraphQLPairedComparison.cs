using System.Diagnostics;
using System.Globalization;
using System.Text;
using Popcorn.Bench.Host;

namespace Popcorn.Benchmarks.GraphQL;

/// <summary>
/// The GraphQL comparison's ratios measured in one process, the two sides of each pair in alternating slices of about
/// 20 ms (so a burst of other work on this shared machine lands on both): each side's fastest slice and median slice
/// per operation, and bytes allocated per operation. The same operations as <see cref="GraphQLEngineBenchmarks"/>,
/// <see cref="GraphQLParseBenchmarks"/> and <see cref="GatewayVsRestBenchmarks"/>, setup checks included.
/// </summary>
public static class GraphQLPairedComparison
{
    private const int Rounds = 31;
    private static readonly TimeSpan s_slice = TimeSpan.FromMilliseconds(20);

    /// <summary>Measures every pair and returns a markdown report.</summary>
    public static string Run(int rounds = Rounds)
    {
        var report = new StringBuilder();
        report.AppendLine("| Pair | Case | A | B | A fastest | B fastest | B / A (fastest) | A median | B median | B / A (medians) | A allocated | B allocated | B / A allocated |");
        report.AppendLine("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");

        var host = new InProcessHost();
        foreach (var graphQLCase in GraphQLCases.All)
        {
            GraphQLEngineBenchmarks.Check(host, graphQLCase);
            byte[] body = graphQLCase.Body();
            Pair(report, rounds, "engine", graphQLCase.Name,
                "GraphQL.NET", () => host.PostAsync(host.GraphQLNet, body).GetAwaiter().GetResult(),
                "Popcorn", () => host.PostAsync(host.Popcorn, body).GetAwaiter().GetResult());
        }

        GatewayVsRestBenchmarks.Check(host);
        var rest = new GatewayVsRestBenchmarks();
        rest.Setup();
        Pair(report, rounds, "gateway vs REST", GraphQLCases.NestedList.Name,
            "REST", () => rest.Rest().GetAwaiter().GetResult(),
            "gateway", () => rest.Gateway().GetAwaiter().GetResult());
        rest.Cleanup();
        host.DisposeAsync().AsTask().GetAwaiter().GetResult();

        foreach (var graphQLCase in GraphQLCases.All)
        {
            var parse = new GraphQLParseBenchmarks { Document = graphQLCase.Name };
            parse.Setup();
            Pair(report, rounds, "parse", graphQLCase.Name,
                "GraphQL-Parser", () => parse.GraphQLParser(),
                "Popcorn", () => parse.Popcorn());
        }

        return report.ToString();
    }

    private static void Pair(StringBuilder report, int rounds, string pair, string name, string aName, Func<object?> a, string bName, Func<object?> b)
    {
        // Warm both (tier-up), then size the slices so each takes about 20 ms.
        int perSliceA = Calibrate(a);
        int perSliceB = Calibrate(b);
        var (timesA, timesB) = AlternatingRounds.Time(a, perSliceA, b, perSliceB, rounds);

        double allocatedA = Allocated(a);
        double allocatedB = Allocated(b);
        Array.Sort(timesA);
        Array.Sort(timesB);
        double fastest = timesB[0] / timesA[0];
        double median = timesB[rounds / 2] / timesA[rounds / 2];
        report.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"| {pair} | {name} | {aName} | {bName} | {Time(timesA[0])} | {Time(timesB[0])} | {fastest:F2}x | {Time(timesA[rounds / 2])} | {Time(timesB[rounds / 2])} | {median:F2}x | {allocatedA:N0} B | {allocatedB:N0} B | {allocatedB / allocatedA:F3} |"));
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{pair,-16} {name,-14} {aName} {Time(timesA[0])} / {bName} {Time(timesB[0])}: {fastest:F2}x fastest, {median:F2}x medians; {allocatedA:N0} B vs {allocatedB:N0} B"));
    }

    private static string Time(double nanoseconds) => nanoseconds >= 10_000
        ? string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1000:N1} µs")
        : string.Create(CultureInfo.InvariantCulture, $"{nanoseconds:N0} ns");

    private static int Calibrate(Func<object?> operation)
    {
        var watch = Stopwatch.StartNew();
        int count = 0;
        while (watch.Elapsed < TimeSpan.FromMilliseconds(300) || count < 50)
        {
            operation();
            count++;
        }

        double perOperation = watch.Elapsed.TotalNanoseconds / count;
        return Math.Max(1, (int)(s_slice.TotalNanoseconds / perOperation));
    }

    /// <summary>Bytes allocated per call (every thread), over 200 calls.</summary>
    private static double Allocated(Func<object?> operation)
    {
        const int count = 200;
        long before = GC.GetTotalAllocatedBytes(precise: true);
        for (int i = 0; i < count; i++)
        {
            operation();
        }

        return (GC.GetTotalAllocatedBytes(precise: true) - before) / (double)count;
    }
}

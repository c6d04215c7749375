using System.Globalization;
using System.Text;

namespace Popcorn.Benchmarks.Serialization;

/// <summary>
/// A check of the one target that sits within this machine's noise: <c>Popcorn_Full</c> against <c>Stj_SourceGen</c>.
/// The two paths run in alternating short slices (so a burst of other work lands on both) and each keeps its
/// fastest slice, which a burst can only slow down. Not a BenchmarkDotNet run: a second opinion on its ratio.
/// </summary>
public static class PairedComparison
{
    private const int Rounds = 41;

    /// <summary>Measures every payload and returns a markdown report.</summary>
    public static string Run()
    {
        var report = new StringBuilder();
        report.AppendLine("| Payload | Stj_SourceGen (fastest slice) | Popcorn_Full (fastest slice) | Full / SourceGen | Stj_SourceGen (median) | Popcorn_Full (median) | Full / SourceGen (medians) |");
        report.AppendLine("|---|---:|---:|---:|---:|---:|---:|");
        foreach (var payload in Enum.GetValues<Payload>())
        {
            var benchmarks = new SerializationBenchmarks { Payload = payload };
            benchmarks.Setup();
            int perSlice = payload switch
            {
                Payload.Simple => 100_000,
                Payload.Complex => 10_000,
                _ => 1_000,
            };

            AlternatingRounds.Measure(benchmarks.Stj_SourceGen, perSlice * 3);
            AlternatingRounds.Measure(benchmarks.Popcorn_Full, perSlice * 3);
            var (sourceGen, full) = AlternatingRounds.Time(benchmarks.Stj_SourceGen, perSlice, benchmarks.Popcorn_Full, perSlice, Rounds);

            benchmarks.Cleanup();
            Array.Sort(sourceGen);
            Array.Sort(full);
            double bestRatio = full[0] / sourceGen[0];
            double medianRatio = full[Rounds / 2] / sourceGen[Rounds / 2];
            report.AppendLine(string.Create(
                CultureInfo.InvariantCulture,
                $"| {payload} | {sourceGen[0]:N1} ns | {full[0]:N1} ns | {bestRatio:F2}x | {sourceGen[Rounds / 2]:N1} ns | {full[Rounds / 2]:N1} ns | {medianRatio:F2}x |"));
            Console.WriteLine($"{payload}: Full/SourceGen {bestRatio:F3} (fastest slices), {medianRatio:F3} (medians)");
        }

        return report.ToString();
    }
}

using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Popcorn.Bench.Data.Benchmarks;

/// <summary>
/// <c>--benchmark [--smoke] [app arguments] [BenchmarkDotNet arguments, e.g. --filter *Deep*]</c>: runs <see cref="DataBenchmarks"/> in this process (the in-process
/// toolchain: the store and its connection string are this process's configuration). <c>--smoke</c> runs each
/// benchmark once with no timing, so the setup's checks run; app arguments (<c>--Store:Orders=2000</c>...) pass to
/// the app.
/// </summary>
public static class DataBenchmarkRunner
{
    public static int Run(string[] args)
    {
        bool smoke = args.Contains("--smoke");
        // The app's configuration (--Store:..., --ConnectionStrings:...) goes to the app, the rest to BenchmarkDotNet.
        bool ForApp(string a) => a.StartsWith("--Store:", StringComparison.Ordinal) || a.StartsWith("--ConnectionStrings:", StringComparison.Ordinal);
        DataBenchmarks.AppArgs = args.Where(ForApp).ToArray();
        string[] benchmarkArgs = args.Where(a => !ForApp(a) && a != "--smoke").ToArray();
        var job = smoke ? Job.Dry : Job.Default.WithLaunchCount(1).WithWarmupCount(4).WithIterationCount(12);
        var config = ManualConfig.CreateEmpty()
            .AddLogger(ConsoleLogger.Default)
            .AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance)
            .AddExporter(BenchmarkDotNet.Exporters.MarkdownExporter.GitHub)
            .AddDiagnoser(BenchmarkDotNet.Diagnosers.MemoryDiagnoser.Default)
            .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance).WithId(smoke ? "Smoke" : "InProcess"))
            .WithArtifactsPath(Path.Combine(Path.GetTempPath(), "popcorn-bench-data"))
            .WithOptions(ConfigOptions.DisableLogFile);
        var summary = BenchmarkSwitcher.FromTypes([typeof(DataBenchmarks)]).Run(benchmarkArgs.Length == 0 ? ["--filter", "*"] : benchmarkArgs, config).Single();
        bool failed = summary.HasCriticalValidationErrors || summary.Reports.Any(r => !r.Success) || summary.Reports.Length == 0;
        Console.WriteLine($"Data benchmarks: {summary.Reports.Length} ran, {(failed ? "FAILED" : "all succeeded")}; report in {summary.ResultsDirectoryPath}.");
        return failed ? 1 : 0;
    }
}

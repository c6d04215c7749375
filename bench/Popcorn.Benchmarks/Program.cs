using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Popcorn.Benchmarks.GraphQL;
using Popcorn.Benchmarks.Instructions;
using Popcorn.Benchmarks.Serialization;

namespace Popcorn.Benchmarks;

/// <summary>
/// Runs the suites with BenchmarkDotNet's command line (<c>--filter</c>, <c>--job</c>, <c>--disasm</c>...).
/// <c>--smoke</c> runs every benchmark once, in process, with no timing: setup checks included, failures exit 1.
/// <c>--paired FILE</c> runs <see cref="PairedComparison"/> and writes its markdown report to FILE.
/// <c>--graphql-paired [FILE] [--quick]</c> runs <see cref="GraphQLPairedComparison"/> (3 rounds with --quick).
/// <c>--instructions [FILTER] [--markers LIB]</c> runs the cases for <c>bench/callgrind/run.sh</c> (see
/// <see cref="InstructionRunner"/>).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Contains("--instructions"))
        {
            return RunInstructions(args);
        }

        int paired = Array.IndexOf(args, "--paired");
        if (paired >= 0)
        {
            string report = PairedComparison.Run();
            if (paired + 1 < args.Length)
            {
                File.WriteAllText(args[paired + 1], report);
            }

            return 0;
        }

        int graphQLPaired = Array.IndexOf(args, "--graphql-paired");
        if (graphQLPaired >= 0)
        {
            bool quick = args.Contains("--quick");
            string report = GraphQLPairedComparison.Run(quick ? 3 : 31);
            if (graphQLPaired + 1 < args.Length && !args[graphQLPaired + 1].StartsWith("--", StringComparison.Ordinal))
            {
                File.WriteAllText(args[graphQLPaired + 1], report);
            }

            return 0;
        }

        bool smoke = args.Contains("--smoke");
        var rest = args.Where(a => a != "--smoke").ToArray();
        if (smoke && !rest.Contains("--filter"))
        {
            rest = [.. rest, "--filter", "*"];
        }

        var config = smoke ? SmokeConfig() : DefaultConfig.Instance;
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config).ToArray();
        if (!smoke)
        {
            return 0;
        }

        int ran = summaries.Sum(s => s.Reports.Length);
        var failed = summaries
            .SelectMany(s => s.Reports.Where(r => !r.Success).Select(r => r.BenchmarkCase.DisplayInfo)
                .Concat(s.HasCriticalValidationErrors ? s.ValidationErrors.Select(e => e.Message) : []))
            .ToArray();
        foreach (var failure in failed)
        {
            Console.Error.WriteLine("FAILED: " + failure);
        }

        Console.WriteLine($"Smoke: {ran} benchmarks ran, {failed.Length} failed.");
        return ran > 0 && failed.Length == 0 ? 0 : 1;
    }

    private static int RunInstructions(string[] args)
    {
        string? markers = null;
        string? filter = null;
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--markers" && i + 1 < args.Length)
            {
                markers = args[++i];
            }
            else if (args[i] != "--instructions")
            {
                filter = args[i];
            }
        }

        return InstructionRunner.Run(filter, markers);
    }

    /// <summary>Each benchmark once, in this process: proves setup, checks and every path run, measures nothing.</summary>
    private static IConfig SmokeConfig() =>
        ManualConfig.CreateEmpty()
            .AddLogger(ConsoleLogger.Default)
            .AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance)
            .AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Smoke"))
            .WithArtifactsPath(Path.Combine(Path.GetTempPath(), "popcorn-bench-smoke"))
            .WithOptions(ConfigOptions.DisableLogFile);
}

using Popcorn.Bench.Data;
using Popcorn.Bench.Data.Benchmarks;

// bench/data/run.sh starts this in Release with --urls http://127.0.0.1:PORT (wrk); --benchmark runs BenchmarkDotNet
// through the same handlers in this process; --instructions counts them (bench/data/instructions.sh). See bench/README.md, "Data".
if (args.Contains("--benchmark"))
{
    return DataBenchmarkRunner.Run(args.Where(a => a != "--benchmark").ToArray());
}

// bench/callgrind/run.sh --program <this dll> [FILTER]: the requests in instructions (Instructions/DataInstructionCases).
if (args.Contains("--instructions"))
{
    int markerAt = Array.IndexOf(args, "--markers");
    string? markers = markerAt >= 0 && markerAt + 1 < args.Length ? args[markerAt + 1] : null;
    string? filter = args.Where((a, i) => a != "--instructions" && a != "--markers" && (markerAt < 0 || i != markerAt + 1) && !a.StartsWith("--", StringComparison.Ordinal)).FirstOrDefault();
    await using var counted = await DataBenchApp.BuildAsync(["--Logging:LogLevel:Default=Warning", .. args.Where(a => a.StartsWith("--Store:", StringComparison.Ordinal))]);
    return Popcorn.Benchmarks.Instructions.InstructionRunner.Run(Popcorn.Bench.Data.Instructions.DataInstructionCases.Create(counted), filter, markers);
}

var app = await DataBenchApp.BuildAsync(args);
await app.RunAsync();
return 0;

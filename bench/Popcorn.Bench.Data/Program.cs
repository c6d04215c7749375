using Popcorn.Bench.Data;
using Popcorn.Bench.Data.Benchmarks;

// bench/data/run.sh starts this in Release with --urls http://127.0.0.1:PORT (wrk); --benchmark runs BenchmarkDotNet
// through the same handlers in this process. See bench/README.md, "Data".
if (args.Contains("--benchmark"))
{
    return DataBenchmarkRunner.Run(args.Where(a => a != "--benchmark").ToArray());
}

var app = await DataBenchApp.BuildAsync(args);
await app.RunAsync();
return 0;

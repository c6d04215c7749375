using System.Globalization;
using System.Text;
using System.Text.Json;
using Popcorn.Fuzz;

// The long mode of the parser fuzzer. See docs/reliability.md.
//   dotnet run -c Release --project tests/Popcorn.Fuzz -- --inputs 1000000 [--seed 1] [--syntax include|graphql|both] [--out artifacts/fuzz]
//   dotnet run -c Release --project tests/Popcorn.Fuzz -- --syntax graphql --seed 1 --replay 12345   (rebuilds and runs one input)
//   dotnet run -c Release --project tests/Popcorn.Fuzz -- --syntax arguments --inputs 1000000 [--seed 1]   (list arguments and variables)
// Exit code 1 when an exception other than PopcornQueryException escaped or a property broke; timing violations are reported, not failed.
var options = ParseArguments(args);
if (options.Syntax == "arguments")
{
    return RunArguments(options.Seed, options.Inputs, options.Replay, options.Out);
}

var syntaxes = options.Syntax switch
{
    "include" => new[] { FuzzSyntax.Include },
    "graphql" => new[] { FuzzSyntax.GraphQL },
    _ => new[] { FuzzSyntax.Include, FuzzSyntax.GraphQL },
};

if (options.Replay is { } replay)
{
    foreach (var syntax in syntaxes)
    {
        var input = FuzzInputs.Build(syntax, options.Seed, replay);
        var (outcome, ticks, error, tree, plan) = FuzzTarget.Execute(input);
        Console.WriteLine($"{syntax} #{replay} against {input.Type.Name}, operation {JsonSerializer.Serialize(input.OperationName)}, variables {(input.Variables.ValueKind == JsonValueKind.Undefined ? "none" : input.Variables.GetRawText()[..Math.Min(200, input.Variables.GetRawText().Length)])}");
        Console.WriteLine($"input ({input.Text.Length} chars): {JsonSerializer.Serialize(input.Text)}");
        Console.WriteLine($"outcome: {outcome} in {System.Diagnostics.Stopwatch.GetElapsedTime(0, ticks).TotalMicroseconds:N0} µs; {error?.GetType().Name} {error?.Message}");
        Console.WriteLine($"properties: {FuzzTarget.Check(input, outcome, error, tree, plan) ?? "all kept"}");
    }

    return 0;
}

Directory.CreateDirectory(options.Out);
string load = File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "n/a";
Console.WriteLine($"Fuzzing {string.Join(" and ", syntaxes)}: {options.Inputs:N0} inputs each, seed {options.Seed}; {Environment.ProcessorCount} cores; load average at start: {load}");
var summary = new StringBuilder();
summary.AppendLine(CultureInfo.InvariantCulture, $"load average at start: {load}");
long bugs = 0;
foreach (var syntax in syntaxes)
{
    var run = new FuzzRun
    {
        Syntax = syntax,
        Seed = options.Seed,
        Inputs = options.Inputs,
        MemoryCheckpointAt = options.Inputs >= 10 ? options.Inputs / 10 : 0,
        ProgressEvery = Math.Max(1, options.Inputs / 10),
        Progress = done => Console.WriteLine($"  {syntax}: {done:N0} inputs"),
    };
    var report = run.Run();
    Console.WriteLine(report);
    summary.AppendLine(report.ToString());
    bugs += report.BugCount;
    string findingsPath = Path.Combine(options.Out, $"findings-{syntax.ToString().ToLowerInvariant()}-seed{options.Seed}.jsonl");
    File.WriteAllLines(findingsPath, report.Findings.Select(f => JsonSerializer.Serialize(new { f.Index, f.Input, f.Problem })));
    if (report.Findings.Count > 0)
    {
        Console.WriteLine($"  findings written to {findingsPath}");
    }
}

load = File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "n/a";
summary.AppendLine(CultureInfo.InvariantCulture, $"load average at end: {load}");
Console.WriteLine($"load average at end: {load}");
File.WriteAllText(Path.Combine(options.Out, $"summary-seed{options.Seed}.txt"), summary.ToString());
return bugs == 0 ? 0 : 1;

static int RunArguments(int seed, long inputs, long? replay, string output)
{
    if (replay is { } index)
    {
        var input = ArgumentInputs.Build(seed, index);
        Console.WriteLine($"arguments #{index}: {JsonSerializer.Serialize(input.Text)}, variables {(input.Variables.ValueKind == JsonValueKind.Undefined ? "none" : input.Variables.GetRawText())}");
        var (outcome, problem) = ArgumentFuzz.Execute(input);
        Console.WriteLine($"outcome: {outcome}; properties: {problem ?? "all kept"}");
        return 0;
    }

    Directory.CreateDirectory(output);
    var started = System.Diagnostics.Stopwatch.StartNew();
    var report = ArgumentFuzz.Run(seed, inputs);
    Console.WriteLine($"{report} in {started.Elapsed.TotalSeconds:N0} s");
    string findingsPath = Path.Combine(output, $"findings-arguments-seed{seed}.jsonl");
    File.WriteAllLines(findingsPath, report.Findings.Select(f => JsonSerializer.Serialize(new { f.Index, f.Input, f.Problem })));
    return report.Findings.Count == 0 ? 0 : 1;
}

static (long Inputs, int Seed, string Syntax, long? Replay, string Out) ParseArguments(string[] args)
{
    long inputs = 1_000_000;
    int seed = 1;
    string syntax = "both";
    long? replay = null;
    string output = Path.Combine("artifacts", "fuzz");
    for (int i = 0; i < args.Length; i++)
    {
        string value = i + 1 < args.Length ? args[i + 1] : throw new ArgumentException($"'{args[i]}' needs a value.");
        switch (args[i])
        {
            case "--inputs": inputs = long.Parse(value, CultureInfo.InvariantCulture); break;
            case "--seed": seed = int.Parse(value, CultureInfo.InvariantCulture); break;
            case "--syntax": syntax = value.ToLowerInvariant(); break;
            case "--replay": replay = long.Parse(value, CultureInfo.InvariantCulture); break;
            case "--out": output = value; break;
            default: throw new ArgumentException($"Unknown option '{args[i]}'. Options: --inputs N, --seed N, --syntax include|graphql|both|arguments, --replay INDEX, --out DIR.");
        }

        i++;
    }

    return (inputs, seed, syntax, replay, output);
}

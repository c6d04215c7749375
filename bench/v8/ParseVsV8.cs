// The program bench/parse-vs-v8.sh builds in a scratch folder outside the repository, beside Popcorn v8's include
// parser (dotnet/Popcorn.Shared/PropertyReference.cs of github.com/SkywardApps/popcorn at the commit the script pins):
// v8's code is compiled there and never committed here. It counts, in one process and with the same harness as
// bench/callgrind/run.sh, v8's parse of each selection next to Popcorn.Query's parse and its plan-cache hit. With
// --time it times the two parses instead, in alternating rounds in this one process (ParseTimes).
using Popcorn.Benchmarks;
using Popcorn.Benchmarks.Instructions;
using Popcorn.Benchmarks.Parsing;
using Popcorn.Query;

string? filter = null;
string? markers = null;
bool time = false;
for (int i = 0; i < args.Length; i++)
{
    if (args[i] == "--markers" && i + 1 < args.Length)
    {
        markers = args[++i];
    }
    else if (args[i] == "--time")
    {
        time = true;
    }
    else if (args[i] != "--instructions")
    {
        filter = args[i];
    }
}

if (time)
{
    ParseTimes.Print(filter);
    return 0;
}

return InstructionRunner.Run(Cases(), filter, markers);

static IEnumerable<InstructionCase> Cases()
{
    foreach (var selection in Enum.GetValues<Selection>())
    {
        var parse = new ParsingBenchmarks { Selection = selection };
        parse.Setup();

        // A server reads a fresh string from every request; both parsers get the same one.
        string text = new(SelectionTexts.Include(selection).AsSpan());
        var v8 = Popcorn.Shared.PropertyReference.ParseIncludeStatement(text);
        if (v8.Count == 0 || ReferenceEquals(v8, Popcorn.Shared.PropertyReference.Default))
        {
            throw new InvalidOperationException($"Popcorn v8 did not parse {text}.");
        }

        var plan = new PlanBenchmarks { Selection = selection };
        plan.Setup();
        yield return new($"Parsing/{selection}/Include", 1_000, () => parse.Include());
        yield return new($"Parsing/{selection}/PopcornV8", 1_000, () => Popcorn.Shared.PropertyReference.ParseIncludeStatement(text));
        yield return new($"Plan/{selection}/CacheHit", 2_000, () => plan.CacheHit());
    }
}

/// <summary>
/// Nanoseconds per parse of each selection, v8's against Popcorn.Query's, in this one process: 21 rounds, each timing
/// both sides over the same number of parses (about 40 ms a side), the order reversed every other round, so a change in
/// the machine's load lands on both alike. Prints each side's median and the median of the rounds' ratios.
/// </summary>
static class ParseTimes
{
    private const int Rounds = 21;

    public static void Print(string? filter)
    {
        Console.WriteLine("| Selection | Popcorn.Query ns | Popcorn v8 ns | v8 / Popcorn.Query (median of rounds) | range of rounds |");
        Console.WriteLine("|---|---:|---:|---:|---:|");
        foreach (var selection in Enum.GetValues<Selection>())
        {
            if (filter is not null && !selection.ToString().Contains(filter, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            string text = new(SelectionTexts.Include(selection).AsSpan());
            Func<object> ours = () => SelectionParser.Parse(text);
            Func<object> v8 = () => Popcorn.Shared.PropertyReference.ParseIncludeStatement(text);
            int count = Calibrate(ours);
            AlternatingRounds.Measure(ours, count);
            AlternatingRounds.Measure(v8, count); // warm both up to tier 1 before the rounds
            var (oursNs, v8Ns) = AlternatingRounds.Time(ours, count, v8, count, Rounds);
            var ratios = oursNs.Select((ns, round) => v8Ns[round] / ns).ToArray();

            Console.WriteLine($"| {selection} (`{text}`) | {Median(oursNs):F1} | {Median(v8Ns):F1} | {Median(ratios):F2}x | {ratios.Min():F2}-{ratios.Max():F2}x |");
        }
    }

    private static int Calibrate(Func<object> parse)
    {
        int count = 1_000;
        while (AlternatingRounds.Measure(parse, count) * count < 40_000_000)
        {
            count *= 2;
        }

        return count;
    }

    private static double Median(double[] values)
    {
        var sorted = values.Order().ToArray();
        return sorted[sorted.Length / 2];
    }
}

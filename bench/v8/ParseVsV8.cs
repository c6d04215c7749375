// The program bench/parse-vs-v8.sh builds in a scratch folder outside the repository, beside Popcorn v8's include
// parser (dotnet/Popcorn.Shared/PropertyReference.cs of github.com/SkywardApps/popcorn at the commit the script pins):
// v8's code is compiled there and never committed here. It counts, in one process and with the same harness as
// bench/callgrind/run.sh, v8's parse of each selection next to Popcorn.Query's parse and its plan-cache hit.
using Popcorn.Benchmarks.Instructions;
using Popcorn.Benchmarks.Parsing;
using Popcorn.Query;

string? filter = null;
string? markers = null;
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

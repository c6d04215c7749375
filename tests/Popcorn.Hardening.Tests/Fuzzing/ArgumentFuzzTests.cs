using Popcorn.Fuzz;
using Xunit.Abstractions;

namespace Popcorn.Hardening.Tests.Fuzzing;

/// <summary>
/// The short, seeded mode of the argument fuzzer (tests/Popcorn.Fuzz <c>--syntax arguments</c>): random
/// <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>/<c>after</c> literals and variables, ill-typed, null, out of
/// range, repeated and oversized, in both syntaxes. Properties: only <see cref="Popcorn.Query.PopcornQueryException"/>
/// escapes the parser and compiler, errors keep their shape, accepted trees print and parse back, and what compiled
/// arranges rows in memory without throwing.
/// </summary>
public class ArgumentFuzzTests(ITestOutputHelper output)
{
    private const int InputsPerSeed = 3_000;

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Fuzz_RandomArgumentsAndVariables_OnlyQueryErrorsEscape(int seed)
    {
        var report = ArgumentFuzz.Run(seed, InputsPerSeed);

        output.WriteLine(report.ToString());
        report.Findings.ShouldBeEmpty(string.Join("\n", report.Findings.Take(5).Select(f => $"#{f.Index} {f.Input}\n  {f.Problem}")));
        report.Outcomes.GetValueOrDefault(FuzzOutcome.Accepted).ShouldBeGreaterThan(InputsPerSeed / 20, "the inputs should still reach the in-memory arrangement");
    }
}

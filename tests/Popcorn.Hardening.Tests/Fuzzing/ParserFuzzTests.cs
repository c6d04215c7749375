using System.Globalization;
using System.Text;
using System.Text.Json;
using Popcorn.Fuzz;
using Xunit.Abstractions;

namespace Popcorn.Hardening.Tests.Fuzzing;

/// <summary>
/// The short, seeded mode of the parser fuzzer (tests/Popcorn.Fuzz; the long mode runs a million inputs per syntax).
/// Property: whatever the input, only <see cref="Popcorn.Query.PopcornQueryException"/> escapes, errors keep their
/// shape, accepted trees print and parse back, and no plan writes a [Never] field. Timings are measured and printed,
/// never asserted: CI machines are too noisy for that.
/// </summary>
public class ParserFuzzTests(ITestOutputHelper output)
{
    private const int InputsPerSeed = 4_000;

    [Theory]
    [InlineData(FuzzSyntax.Include, 1)]
    [InlineData(FuzzSyntax.Include, 2)]
    [InlineData(FuzzSyntax.Include, 3)]
    [InlineData(FuzzSyntax.GraphQL, 1)]
    [InlineData(FuzzSyntax.GraphQL, 2)]
    [InlineData(FuzzSyntax.GraphQL, 3)]
    public void Fuzz_MutatedQueries_OnlyQueryErrorsEscape(FuzzSyntax syntax, int seed)
    {
        var report = new FuzzRun { Syntax = syntax, Seed = seed, Inputs = InputsPerSeed, Retimes = 0 }.Run();

        output.WriteLine(report.ToString());
        report.BugCount.ShouldBe(0, Describe(report.Findings));
        report.Outcomes[FuzzOutcome.Accepted].ShouldBeGreaterThan(0, "the corpus should still reach the plan compiler");
    }

    [Fact]
    public void Parse_EveryUnicodeClassAtEveryKindOfPosition_OnlyQueryErrorsEscape()
    {
        var findings = new List<FuzzFinding>();
        string[] hosts = ["[id,{0}manager[firstName]]", "[{0}]", "[a(s: \"{0}\")]", "{{ id {0} manager {{ firstName }} }}", "{{ a(s: \"{0}\") }}", "{{ a(s: \"\"\"{0}\"\"\") }}", "# {0}\n{{ id }}", "{0}"];
        long index = 0;
        foreach (var (category, text) in UnicodeSamples.All())
        {
            foreach (string host in hosts)
            {
                var input = new FuzzCase(index++, string.Format(CultureInfo.InvariantCulture, host, text), default, null, SampleTypes.All[0]);
                Run(input, findings, $"{category}");
            }
        }

        findings.ShouldBeEmpty(Describe(findings));
    }

    [Fact]
    public void Parse_InvalidUtf8DecodedAsAServerWould_OnlyQueryErrorsEscape()
    {
        var findings = new List<FuzzFinding>();
        byte[][] invalid = [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80], [0xC3]];
        long index = 0;
        foreach (string query in Corpus.Include.Concat(Corpus.GraphQL))
        {
            byte[] bytes = Encoding.UTF8.GetBytes(query);
            foreach (byte[] sequence in invalid)
            {
                for (int at = 0; at <= bytes.Length; at += Math.Max(1, bytes.Length / 7))
                {
                    byte[] mutated = [.. bytes[..at], .. sequence, .. bytes[at..]];
                    foreach (string text in new[] { UnicodeSamples.DecodeUtf8(mutated), Encoding.Latin1.GetString(mutated) })
                    {
                        Run(new FuzzCase(index++, text, default, null, SampleTypes.All[index % SampleTypes.All.Length]), findings, "invalid UTF-8");
                    }
                }
            }
        }

        findings.ShouldBeEmpty(Describe(findings));
    }

    private static void Run(FuzzCase input, List<FuzzFinding> findings, string label)
    {
        var (outcome, _, error, tree, plan) = FuzzTarget.Execute(input);
        if (FuzzTarget.Check(input, outcome, error, tree, plan) is { } problem)
        {
            findings.Add(new FuzzFinding(FuzzSyntax.Include, input.Index, input.Text, $"{label}: {problem}"));
        }
    }

    private static string Describe(IEnumerable<FuzzFinding> findings) =>
        string.Join("\n", findings.Take(5).Select(f => $"#{f.Index} {JsonSerializer.Serialize(f.Input[..Math.Min(f.Input.Length, 300)])}: {f.Problem[..Math.Min(f.Problem.Length, 600)]}"));
}

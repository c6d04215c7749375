using System.Text.Json;
using Popcorn.Fuzz;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>
/// Found by the argument fuzzer (seed 3, input 1583): a variable holding an integer past <see cref="long"/> became a
/// Float literal, while the print of the tree it made parsed back as an Int, so the two trees differed under one print.
/// </summary>
public class BigIntegerVariableTests
{
    [Theory]
    [InlineData("9223372036854775808")]
    [InlineData("-9223372036854775809")]
    [InlineData("79228162514264337593543950336")]
    public void Parse_AnIntegerVariablePastLong_PrintsAndParsesBackTheSame(string json)
    {
        using var variables = JsonDocument.Parse("{\"v\": " + json + "}");
        var input = new FuzzCase(0, "query($v: RowFilter) { rows(first: $v) { id } }", variables.RootElement, null, ArgumentModel.Holder);

        var (outcome, error, tree, plan) = Run(input);

        FuzzTarget.Check(input, outcome, error, tree, plan).ShouldBeNull();
        outcome.ShouldBe(FuzzOutcome.RejectedByCompiler, "first takes a 32-bit whole number (RowFilter, as in the finding, is a type the normalizer passes through)");
    }

    private static (FuzzOutcome, Exception?, Popcorn.Query.SelectionTree?, Popcorn.Query.SelectionPlan?) Run(FuzzCase input)
    {
        var (outcome, _, error, tree, plan) = FuzzTarget.Execute(input);
        return (outcome, error, tree, plan);
    }
}

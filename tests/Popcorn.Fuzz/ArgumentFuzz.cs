using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>
/// The argument fuzzer: each input (<see cref="ArgumentInputs"/>) goes through the parser and the plan compiler as on
/// a cache miss, keeping every property of <see cref="FuzzTarget.Check"/>; an accepted plan's list arguments then
/// arrange <see cref="ArgumentModel.Rows"/> in memory, as the writers do, which must not throw either.
/// </summary>
public static class ArgumentFuzz
{
    /// <summary>Runs <paramref name="inputs"/> inputs of <paramref name="seed"/>.</summary>
    public static ArgumentFuzzReport Run(int seed, long inputs)
    {
        var report = new ArgumentFuzzReport(seed);
        for (long i = 0; i < inputs; i++)
        {
            var input = ArgumentInputs.Build(seed, i);
            var (outcome, problem) = Execute(input);
            report.Count(outcome);
            if (problem is not null)
            {
                report.Findings.Add(new FuzzFinding(FuzzSyntax.Arguments, i, input.Text + (input.Variables.ValueKind == System.Text.Json.JsonValueKind.Undefined ? "" : "  variables: " + input.Variables.GetRawText()[..Math.Min(500, input.Variables.GetRawText().Length)]), problem));
            }
        }

        return report;
    }

    /// <summary>One input: its outcome, and the first broken property (null when all held).</summary>
    public static (FuzzOutcome Outcome, string? Problem) Execute(FuzzCase input)
    {
        var (outcome, _, error, tree, plan) = FuzzTarget.Execute(input);
        if (FuzzTarget.Check(input, outcome, error, tree, plan) is { } broken)
        {
            return (outcome, broken);
        }

        return (outcome, plan is null ? null : Arrange(plan));
    }

    /// <summary>Arranges the rows with every list argument the plan holds; an exception is a finding.</summary>
    private static string? Arrange(SelectionPlan plan)
    {
        foreach (var field in plan.Fields)
        {
            if (field.Arguments is not { } arguments)
            {
                continue;
            }

            try
            {
                var arranged = arguments.Apply(ArgumentModel.Rows)!;
                if (arranged.Length > ArgumentModel.Rows.Length || (arguments.First is { } first && arranged.Length > first))
                {
                    return $"'{field.OutputName}({arguments})' arranged {arranged.Length} of {ArgumentModel.Rows.Length} rows.";
                }
            }
            catch (Exception e)
            {
                return $"'{field.OutputName}({arguments})' threw in memory: {e.GetType().Name}: {e.Message}";
            }
        }

        return null;
    }
}

/// <summary>What one seed of the argument fuzzer found.</summary>
public sealed class ArgumentFuzzReport(int seed)
{
    private readonly Dictionary<FuzzOutcome, long> _outcomes = [];

    /// <summary>The seed.</summary>
    public int Seed { get; } = seed;

    /// <summary>Inputs whose properties broke, or whose exception escaped.</summary>
    public List<FuzzFinding> Findings { get; } = [];

    /// <summary>How many inputs ended each way.</summary>
    public IReadOnlyDictionary<FuzzOutcome, long> Outcomes => _outcomes;

    internal void Count(FuzzOutcome outcome) => _outcomes[outcome] = _outcomes.GetValueOrDefault(outcome) + 1;

    /// <inheritdoc />
    public override string ToString() =>
        $"arguments, seed {Seed}: {string.Join(", ", _outcomes.OrderBy(o => o.Key).Select(o => $"{o.Key} {o.Value:N0}"))}; findings {Findings.Count}";
}

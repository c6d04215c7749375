using System.Diagnostics;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>A seeded run of <see cref="Inputs"/> inputs from one syntax's corpus.</summary>
public sealed class FuzzRun
{
    /// <summary>The per-input budget for inputs up to 8 KB: parse and compile in at most a millisecond.</summary>
    public static readonly TimeSpan Threshold = TimeSpan.FromMilliseconds(1);

    /// <summary>Which corpus the inputs start from.</summary>
    public FuzzSyntax Syntax { get; init; }

    public int Seed { get; init; } = 1;

    /// <summary>How many inputs to try.</summary>
    public long Inputs { get; init; } = 10_000;

    /// <summary>Take memory checkpoints after this many inputs, after half of them and at the end; 0 for none.</summary>
    public long MemoryCheckpointAt { get; init; }

    /// <summary>Inputs measured over this are timed again (best of <see cref="Retimes"/>), to tell real cost from GC pauses and preemption.</summary>
    public static readonly TimeSpan RetimeAbove = TimeSpan.FromMicroseconds(100);

    /// <summary>How many times a slow-looking input is timed again.</summary>
    public int Retimes { get; init; } = 5;

    /// <summary>Called every <see cref="ProgressEvery"/> inputs with the number done.</summary>
    public Action<long>? Progress { get; init; }

    public long ProgressEvery { get; init; } = 100_000;

    public FuzzReport Run()
    {
        var report = new FuzzReport(Syntax, Seed);
        var total = Stopwatch.StartNew();
        long parseTicks = 0;
        long maxRaw = 0;
        long maxCost = 0;
        long thresholdTicks = (long)(Threshold.TotalSeconds * Stopwatch.Frequency);
        long retimeTicks = (long)(RetimeAbove.TotalSeconds * Stopwatch.Frequency);
        for (long i = 0; i < Inputs; i++)
        {
            var input = FuzzInputs.Build(Syntax, Seed, i);
            var (outcome, ticks, error, tree, plan) = FuzzTarget.Execute(input);
            parseTicks += ticks;
            if (error is PopcornQueryException queryError)
            {
                report.ErrorKinds[queryError.Kind]++;
            }

            if (input.Text.Length > SelectionParserOptions.Default.MaxLength)
            {
                report.InputsOverLimit++;
            }
            else
            {
                long cost = ticks;
                maxRaw = Math.Max(maxRaw, ticks);
                if (ticks > thresholdTicks)
                {
                    report.RawOverThreshold++;
                }

                if (ticks > retimeTicks)
                {
                    for (int r = 0; r < Retimes; r++)
                    {
                        cost = Math.Min(cost, FuzzTarget.Execute(input).Ticks);
                    }
                }

                if (cost > thresholdTicks)
                {
                    report.Violations++;
                }

                maxCost = Math.Max(maxCost, cost);
                report.AddTiming(input, Stopwatch.GetElapsedTime(0, cost), outcome);
            }

            report.MaxInputLength = Math.Max(report.MaxInputLength, input.Text.Length);
            string? problem = FuzzTarget.Check(input, outcome, error, tree, plan);
            if (problem is not null)
            {
                report.AddFinding(input, outcome == FuzzOutcome.Escaped ? FuzzOutcome.Escaped : FuzzOutcome.BrokeAProperty, problem);
            }
            else
            {
                report.Outcomes[outcome]++;
            }

            report.Inputs = i + 1;
            if (MemoryCheckpointAt > 0 && (i + 1 == MemoryCheckpointAt || i + 1 == Inputs / 2))
            {
                report.Memory.Add(FuzzReport.MemoryCheckpoint.Take(i + 1));
            }

            if (Progress is not null && (i + 1) % ProgressEvery == 0)
            {
                Progress(i + 1);
            }
        }

        if (MemoryCheckpointAt > 0)
        {
            report.Memory.Add(FuzzReport.MemoryCheckpoint.Take(report.Inputs));
        }

        report.Elapsed = total.Elapsed;
        report.ParseTime = Stopwatch.GetElapsedTime(0, parseTicks);
        report.MaxRawTime = Stopwatch.GetElapsedTime(0, maxRaw);
        report.MaxCost = Stopwatch.GetElapsedTime(0, maxCost);
        return report;
    }
}

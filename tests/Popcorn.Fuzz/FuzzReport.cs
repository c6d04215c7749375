using System.Diagnostics;
using System.Globalization;
using System.Text;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>What one run saw: outcomes, error kinds, the bugs it found, per-input cost and memory.</summary>
public sealed class FuzzReport(FuzzSyntax syntax, int seed)
{
    /// <summary>Findings kept in full; later ones with a known problem are only counted.</summary>
    private const int MaxFindings = 50;

    /// <summary>How many of the slowest inputs are listed.</summary>
    private const int SlowestKept = 5;

    private readonly Dictionary<string, int> _findingCounts = new(StringComparer.Ordinal);

    public FuzzSyntax Syntax { get; } = syntax;

    public int Seed { get; } = seed;

    public long Inputs { get; internal set; }

    public Dictionary<FuzzOutcome, long> Outcomes { get; } = Enum.GetValues<FuzzOutcome>().ToDictionary(o => o, _ => 0L);

    public Dictionary<QueryErrorKind, long> ErrorKinds { get; } = Enum.GetValues<QueryErrorKind>().ToDictionary(k => k, _ => 0L);

    public List<FuzzFinding> Findings { get; } = new();

    /// <summary>Escaped exceptions and broken properties, counted by kind.</summary>
    public IReadOnlyDictionary<string, int> FindingCounts => _findingCounts;

    public long BugCount => Outcomes[FuzzOutcome.Escaped] + Outcomes[FuzzOutcome.BrokeAProperty];

    /// <summary>The longest single measurement of an input of at most 8192 characters, GC pauses and preemption included.</summary>
    public TimeSpan MaxRawTime { get; internal set; }

    /// <summary>The largest per-input cost: inputs measured over 100 µs are timed again and keep their best time, which removes GC pauses and preemption.</summary>
    public TimeSpan MaxCost { get; internal set; }

    /// <summary>Inputs of at most 8192 characters whose best time stayed over the threshold.</summary>
    public long Violations { get; internal set; }

    /// <summary>Inputs first measured over the threshold (before re-timing).</summary>
    public long RawOverThreshold { get; internal set; }

    public long MaxInputLength { get; internal set; }

    public long InputsOverLimit { get; internal set; }

    public TimeSpan Elapsed { get; internal set; }

    public TimeSpan ParseTime { get; internal set; }

    public List<(long Index, int Length, TimeSpan Cost, FuzzOutcome Outcome)> Slowest { get; } = new();

    public List<MemoryCheckpoint> Memory { get; } = new();

    internal void AddFinding(FuzzCase input, FuzzOutcome outcome, string problem)
    {
        Outcomes[outcome]++;
        string key = FindingKey(problem);
        _findingCounts[key] = _findingCounts.GetValueOrDefault(key) + 1;
        if (_findingCounts[key] == 1 && Findings.Count < MaxFindings)
        {
            Findings.Add(new FuzzFinding(Syntax, input.Index, input.Text, problem));
        }
    }

    internal void AddTiming(FuzzCase input, TimeSpan cost, FuzzOutcome outcome)
    {
        if (Slowest.Count < SlowestKept || cost > Slowest[^1].Cost)
        {
            Slowest.Add((input.Index, input.Text.Length, cost, outcome));
            Slowest.Sort((a, b) => b.Cost.CompareTo(a.Cost));
            if (Slowest.Count > SlowestKept)
            {
                Slowest.RemoveAt(Slowest.Count - 1);
            }
        }
    }

    /// <summary>The growth of the live GC heap from the first checkpoint to the last, in bytes.</summary>
    public long HeapGrowth => Memory.Count < 2 ? 0 : Memory[^1].LiveHeapBytes - Memory[0].LiveHeapBytes;

    /// <summary>A readable summary for the console and docs/reliability.md.</summary>
    public override string ToString()
    {
        var s = new StringBuilder();
        var c = CultureInfo.InvariantCulture;
        s.AppendLine(c, $"{Syntax} corpus, seed {Seed}: {Inputs:N0} inputs in {Elapsed.TotalSeconds:F1} s ({Inputs / Math.Max(Elapsed.TotalSeconds, 0.001):N0}/s; parse+compile time {ParseTime.TotalSeconds:F1} s)");
        s.AppendLine(c, $"  outcomes: {string.Join(", ", Outcomes.Select(o => $"{o.Key} {o.Value:N0}"))}");
        s.AppendLine(c, $"  errors by kind: {string.Join(", ", ErrorKinds.Where(k => k.Value > 0).Select(k => $"{k.Key} {k.Value:N0}"))}");
        s.AppendLine(c, $"  longest input {MaxInputLength:N0} chars; {InputsOverLimit:N0} inputs over the 8192-char limit");
        s.AppendLine(c, $"  per input (<= 8192 chars): max raw {Micro(MaxRawTime)}, max cost after re-timing {Micro(MaxCost)}; {RawOverThreshold:N0} raw measurements over 1 ms, {Violations:N0} still over 1 ms after re-timing");
        foreach (var slow in Slowest)
        {
            s.AppendLine(c, $"    slow: input #{slow.Index} ({slow.Length:N0} chars, {slow.Outcome}): {Micro(slow.Cost)}");
        }

        foreach (var point in Memory)
        {
            s.AppendLine(c, $"  memory after {point.Inputs:N0} inputs: live GC heap {point.LiveHeapBytes / 1024.0:N0} KiB, GC heap size {point.HeapSizeBytes / 1024.0:N0} KiB, working set {point.WorkingSetBytes / 1048576.0:N1} MiB");
        }

        if (Memory.Count > 1)
        {
            s.AppendLine(c, $"  live heap growth from {Memory[0].Inputs:N0} to {Memory[^1].Inputs:N0} inputs: {HeapGrowth / 1024.0:N1} KiB");
        }

        s.AppendLine(c, $"  bugs: {BugCount:N0}");
        foreach (var (problem, count) in _findingCounts)
        {
            s.AppendLine(c, $"    {count:N0} x {problem}");
        }

        return s.ToString();
    }

    /// <summary>The exception type and the first Popcorn frame, or the property's first words: one key per distinct bug.</summary>
    private static string FindingKey(string problem)
    {
        int frame = problem.IndexOf(" at Popcorn.", StringComparison.Ordinal);
        if (frame >= 0)
        {
            int end = problem.IndexOf('(', frame);
            string first = problem[..Math.Min(problem.Length, problem.IndexOf(':') is var colon and > 0 ? colon : 60)];
            return first + " @" + problem[(frame + 4)..(end > frame ? end : Math.Min(problem.Length, frame + 80))];
        }

        return problem.Length <= 60 ? problem : problem[..60];
    }

    private static string Micro(TimeSpan time) => $"{time.TotalMicroseconds:N0} µs";

    /// <summary>The heap after a full, compacting collection.</summary>
    public sealed record MemoryCheckpoint(long Inputs, long LiveHeapBytes, long HeapSizeBytes, long WorkingSetBytes)
    {
        public static MemoryCheckpoint Take(long inputs)
        {
            System.Runtime.GCSettings.LargeObjectHeapCompactionMode = System.Runtime.GCLargeObjectHeapCompactionMode.CompactOnce;
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
            GC.WaitForPendingFinalizers();
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
            long live = GC.GetTotalMemory(forceFullCollection: false);
            var info = GC.GetGCMemoryInfo(GCKind.FullBlocking);
            using var process = Process.GetCurrentProcess();
            return new MemoryCheckpoint(inputs, live, info.HeapSizeBytes, process.WorkingSet64);
        }
    }
}

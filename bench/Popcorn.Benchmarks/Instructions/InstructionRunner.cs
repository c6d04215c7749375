using System.Globalization;
using System.Runtime.CompilerServices;

namespace Popcorn.Benchmarks.Instructions;

/// <summary>
/// The <c>--instructions</c> mode behind <c>bench/callgrind/run.sh</c>: warms each case until the JIT has nothing
/// left to compile for it, then runs it a fixed number of times between the two callgrind markers. Callgrind's dump of
/// that window, divided by the iterations, is the instructions per operation.
/// </summary>
/// <remarks>
/// run.sh turns tiered compilation and ReadyToRun code off, so every method is compiled fully optimized at its first
/// call, on the calling thread, and the warm-up's first round compiles all a case needs. With tiering on, the quiet
/// rounds below cannot prove a case warm: the tier-1 versions are compiled and installed by the runtime's background
/// thread, which under valgrind can lag the warm-up by seconds with nothing compiled meanwhile, and a window then
/// counts tier-0 and ReadyToRun code (bench/README.md, "figures that reproduce").
/// <para>
/// One line per case goes to standard output, tab-separated: name, iterations, bytes allocated per operation, and
/// methods the JIT compiled during the window (anything but 0 means the case was not warm and its count is suspect).
/// </para>
/// </remarks>
public static class InstructionRunner
{
    // Warm-up rounds: each runs as many operations as a counted window and then sleeps (with tiering on, the sleep is
    // when the tiering thread can compile what the round queued: valgrind runs one thread at a time). Warm when whole
    // rounds in a row compile nothing new, so a path taken once every few hundred operations is warm as well.
    private const int MaxWarmupRounds = 200;
    private const int QuietRoundsNeeded = 3;

    // A case that compiles on every call is never quiet; 200 rounds of it filled valgrind's address space with
    // dynamic methods (the process aborted). Ten rounds compile everything but the per-call methods.
    private const int CompilingCaseWarmupRounds = 10;

    /// <summary>
    /// Runs the cases whose names contain <paramref name="filter"/> (all when it is null), after the harness case;
    /// returns 0, or 3 when a counted case (markers loaded) was still being compiled during its window.
    /// </summary>
    public static int Run(string? filter, string? markerLibrary) => Run(InstructionCases.Create(), filter, markerLibrary);

    /// <summary>
    /// Runs <paramref name="cases"/> (those whose names contain <paramref name="filter"/>) after the harness case, as
    /// <see cref="Run(string?, string?)"/> does: the entry point of a program that counts cases of its own with this
    /// harness (bench/parse-vs-v8.sh builds one around a peer's parser, outside the repository).
    /// </summary>
    public static int Run(IEnumerable<InstructionCase> cases, string? filter, string? markerLibrary)
    {
        ArgumentNullException.ThrowIfNull(cases);
        var markers = CallgrindMarkers.Load(markerLibrary);
        Console.WriteLine("case\titerations\tbytes_per_op\tjitted_in_window\twarmup_rounds");
        int cold = 0;
        foreach (var instructionCase in new[] { InstructionCases.Overhead }.Concat(cases))
        {
            if (filter is not null && instructionCase != InstructionCases.Overhead && !instructionCase.Name.Contains(filter, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            int rounds = WarmUp(instructionCase);
            var (bytesPerOp, jitted) = Measure(instructionCase, markers);
            cold += jitted > 0 && !instructionCase.CompilesEveryCall ? 1 : 0;
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{instructionCase.Name}\t{instructionCase.Iterations}\t{bytesPerOp:F0}\t{jitted}\t{rounds}"));
        }

        // Only a counted run has figures a late compilation could spoil; a run without markers checks the cases.
        return cold == 0 || markerLibrary is null ? 0 : 3;
    }

    private static int WarmUp(InstructionCase instructionCase)
    {
        int perRound = instructionCase.Iterations;
        int quiet = 0;
        int maxRounds = instructionCase.CompilesEveryCall ? CompilingCaseWarmupRounds : MaxWarmupRounds;
        for (int round = 1; round <= maxRounds; round++)
        {
            long before = System.Runtime.JitInfo.GetCompiledMethodCount();
            Loop(instructionCase.Operation, perRound);
            Thread.Sleep(20);
            quiet = System.Runtime.JitInfo.GetCompiledMethodCount() == before ? quiet + 1 : 0;
            if (quiet == QuietRoundsNeeded)
            {
                return round;
            }
        }

        return maxRounds;
    }

    private static (double BytesPerOp, long Jitted) Measure(InstructionCase instructionCase, CallgrindMarkers markers)
    {
        byte[] name = CallgrindMarkers.NameOf(instructionCase.Name);

        // Every window starts from an empty nursery, so whether a collection lands inside it does not depend on what
        // ran before (run.sh also sizes gen0 so that none does: the counts are the operations, not the collector).
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        // The harness's own once-per-case calls (these collections among them) reach the tiering threshold at some
        // case; let that compilation finish before the window rather than during it.
        WaitForJit();
        long jittedBefore = System.Runtime.JitInfo.GetCompiledMethodCount();
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        markers.Start();
        Loop(instructionCase.Operation, instructionCase.Iterations);
        markers.Stop(name);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
        long jitted = System.Runtime.JitInfo.GetCompiledMethodCount() - jittedBefore;
        return ((double)allocated / instructionCase.Iterations, jitted);
    }

    // Done when the count has not moved for 100 ms: under valgrind a queued compilation can take that long to start.
    private static void WaitForJit()
    {
        int quiet = 0;
        while (quiet < 5)
        {
            long compiled = System.Runtime.JitInfo.GetCompiledMethodCount();
            Thread.Sleep(20);
            quiet = System.Runtime.JitInfo.GetCompiledMethodCount() == compiled ? quiet + 1 : 0;
        }
    }

    // Optimized from its first call and never re-compiled: the loop itself is harness, counted in Harness/Empty.
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Loop(Action operation, int count)
    {
        for (int i = 0; i < count; i++)
        {
            operation();
        }
    }
}

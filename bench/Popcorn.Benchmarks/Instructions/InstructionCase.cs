namespace Popcorn.Benchmarks.Instructions;

/// <summary>One operation to count: a benchmark row with its setup done, and how many times to run it per window.</summary>
/// <param name="Name">The row, as <c>Suite/Param/Method</c>: the name of its callgrind dump.</param>
/// <param name="Iterations">Operations per counted window: enough that the harness and the markers are noise.</param>
/// <param name="Operation">The benchmark method, called once per operation.</param>
/// <param name="CompilesEveryCall">
/// The operation makes the JIT compile on every call by its nature (a peer that emits a dynamic method per request:
/// System.Linq.Dynamic.Core's compiled lambda, a Newtonsoft.Json contract resolver built per request), so it never
/// becomes quiet: it is warmed for a few rounds only, and its window's compilations are its own cost, not a cold start.
/// </param>
public sealed record InstructionCase(string Name, int Iterations, Action Operation, bool CompilesEveryCall = false);

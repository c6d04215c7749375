namespace Popcorn.Benchmarks.Instructions;

/// <summary>One operation to count: a benchmark row with its setup done, and how many times to run it per window.</summary>
/// <param name="Name">The row, as <c>Suite/Param/Method</c>: the name of its callgrind dump.</param>
/// <param name="Iterations">Operations per counted window: enough that the harness and the markers are noise.</param>
/// <param name="Operation">The benchmark method, called once per operation.</param>
public sealed record InstructionCase(string Name, int Iterations, Action Operation);

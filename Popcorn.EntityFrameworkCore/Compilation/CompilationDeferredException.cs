namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Thrown by <see cref="CompilationGateInterceptor"/> inside EF Core's compilation of a new query shape when every slot
/// is taken: the compilation is abandoned before any work (EF Core caches nothing for it), and
/// <see cref="CompilationGate.RunAsync{T}"/> waits for a slot without holding a thread, then starts the query again.
/// Never leaves the gate.
/// </summary>
internal sealed class CompilationDeferredException() : Exception("Every query compilation slot is taken; the query waits for one.");

using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// The recursive parsers' guard against a host that raised <see cref="SelectionParserOptions.MaxDepth"/> past what
/// the thread's stack holds: they fail with a clear error instead of overflowing the stack, which would end the process.
/// </summary>
/// <remarks>
/// <see cref="RuntimeHelpers.TryEnsureSufficientExecutionStack"/> is a call into the runtime (it reads the thread's
/// stack limit), and it succeeds only while at least 64 KB (128 KB on 64-bit) of stack remain. One nesting level of
/// either parser takes well under 1 KB of stack, so checking every <see cref="LevelsPerCheck"/> levels keeps the same
/// guarantee at a fraction of the cost: between two checks the parser uses at most a few kilobytes of the room the
/// last check proved. The first check comes at level <see cref="LevelsPerCheck"/>, not at level 1: the levels below
/// it need less stack than the caller's own next few calls (a request's middleware, a logging call), so a check there
/// proved nothing a caller that can still run does not already have, and it was most of a short selection's fixed
/// cost (a selection nests past 15 levels only when a host raised <see cref="SelectionParserOptions.MaxDepth"/>
/// towards the levels this guard exists for).
/// </remarks>
internal static class StackGuard
{
    /// <summary>How many nesting levels one successful check covers.</summary>
    public const int LevelsPerCheck = 16;

    /// <summary>False when the parser, about to enter nesting level <paramref name="depth"/> (1-based), must stop.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool HasRoomFor(int depth) =>
        (depth & (LevelsPerCheck - 1)) != 0 || RuntimeHelpers.TryEnsureSufficientExecutionStack();
}

namespace Popcorn.Fuzz;

/// <summary>A bug the fuzzer found: the input that shows it (replayable by its index) and what went wrong.</summary>
/// <param name="Syntax">The run's corpus.</param>
/// <param name="Index">The input's index in the run: <c>--syntax S --seed N --replay Index</c> rebuilds it.</param>
/// <param name="Input">The input text.</param>
/// <param name="Problem">The escaped exception or the broken property.</param>
public sealed record FuzzFinding(FuzzSyntax Syntax, long Index, string Input, string Problem);

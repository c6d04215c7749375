namespace Popcorn.Hardening.Tests;

/// <summary>Tests that measure the live heap run alone: other tests' allocations would be counted too.</summary>
[CollectionDefinition(nameof(MemoryCollection), DisableParallelization = true)]
public sealed class MemoryCollection;

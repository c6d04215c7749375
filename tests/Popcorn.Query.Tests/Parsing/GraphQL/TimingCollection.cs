namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>Tests that measure time run alone, after or before everything else, never beside it.</summary>
[CollectionDefinition(nameof(TimingCollection), DisableParallelization = true)]
public sealed class TimingCollection;

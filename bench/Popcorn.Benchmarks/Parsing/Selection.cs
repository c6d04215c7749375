namespace Popcorn.Benchmarks.Parsing;

/// <summary>The selections the parsing and plan suites measure, from a two-field pick to Popcorn's stress string.</summary>
public enum Selection
{
    /// <summary><c>[Id,Name]</c>.</summary>
    Small,

    /// <summary>Nesting and aliases, three levels.</summary>
    Medium,

    /// <summary>Nine levels of one field each.</summary>
    Deep,

    /// <summary>Popcorn's stress string: wildcards, negation, repeated nesting.</summary>
    Stress,
}

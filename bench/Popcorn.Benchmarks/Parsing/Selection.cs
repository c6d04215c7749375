namespace Popcorn.Benchmarks.Parsing;

/// <summary>The selections the parsing and plan suites measure, from a two-field pick and a typical 46-character one to Popcorn's stress string.</summary>
public enum Selection
{
    /// <summary><c>[Id,Name]</c>.</summary>
    Small,

    /// <summary>
    /// A typical selection of 46 characters, two nested picks (<c>[Id,Second,Title[Id,Name],Decide[Task,Result]]</c>):
    /// the length of most examples in README.md and docs/.
    /// </summary>
    Typical,

    /// <summary>Nesting and aliases, three levels.</summary>
    Medium,

    /// <summary>Nine levels of one field each.</summary>
    Deep,

    /// <summary>Popcorn's stress string: wildcards, negation, repeated nesting.</summary>
    Stress,
}

namespace Popcorn.Fuzz;

/// <summary>Which syntax a fuzz run starts from (its corpus); mutations may turn an input into the other one.</summary>
public enum FuzzSyntax
{
    /// <summary>Popcorn's include syntax: <c>[id,manager[name]]</c>.</summary>
    Include,

    /// <summary>The GraphQL-like syntax: <c>{ id manager { name } }</c> and full documents.</summary>
    GraphQL,

    /// <summary>The argument fuzzer's inputs (<see cref="ArgumentInputs"/>): list arguments and variables, in both syntaxes.</summary>
    Arguments,
}

namespace Popcorn.Query;

/// <summary>The two ways a client can write a selection.</summary>
public enum SelectionSyntax
{
    /// <summary>Popcorn's include syntax: <c>[id,name,manager[name]]</c>.</summary>
    Include,

    /// <summary>The GraphQL-like syntax: <c>{ id name manager { name } }</c>.</summary>
    GraphQL,
}

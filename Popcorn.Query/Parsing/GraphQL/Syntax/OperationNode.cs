namespace Popcorn.Query;

/// <summary>
/// OperationDefinition : OperationType Name? VariableDefinitions? Directives? SelectionSet | SelectionSet.
/// The parser reads every operation type; the normalizer refuses all but queries unless mutations are allowed (the gateway).
/// </summary>
internal sealed class OperationNode(
    string? name,
    int offset,
    VariableDefinitionNode[] variables,
    DirectiveNode[] directives,
    SelectionSetNode selectionSet,
    FragmentSpreadNode[] spreads,
    VariableUsage[] variableUsages)
    : ExecutableDefinitionNode(selectionSet, directives, spreads, variableUsages)
{
    /// <summary>The operation's name; null for an anonymous or shorthand query.</summary>
    public string? Name { get; } = name;

    /// <summary>Offset of the operation's first token.</summary>
    public int Offset { get; } = offset;

    public VariableDefinitionNode[] Variables { get; } = variables;

    /// <summary>Whether it reads, writes or subscribes; a shorthand <c>{ ... }</c> is a query.</summary>
    public GraphQLOperationType Type { get; init; }

    /// <summary>Offset of the operation's name (meaningful only when it has one).</summary>
    public int NameOffset { get; init; }
}

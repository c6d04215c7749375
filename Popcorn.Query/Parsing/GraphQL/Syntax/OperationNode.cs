namespace Popcorn.Query;

/// <summary>
/// OperationDefinition : <c>query</c> Name? VariableDefinitions? Directives? SelectionSet | SelectionSet.
/// Only queries get this far; the parser rejects mutations and subscriptions.
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

    /// <summary>Offset of the operation's name (meaningful only when it has one).</summary>
    public int NameOffset { get; init; }
}

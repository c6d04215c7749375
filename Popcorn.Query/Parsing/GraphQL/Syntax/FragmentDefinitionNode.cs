namespace Popcorn.Query;

/// <summary>FragmentDefinition : <c>fragment</c> FragmentName TypeCondition Directives? SelectionSet</summary>
internal sealed class FragmentDefinitionNode(
    string name,
    int nameOffset,
    string typeCondition,
    DirectiveNode[] directives,
    SelectionSetNode selectionSet,
    FragmentSpreadNode[] spreads,
    VariableUsage[] variableUsages)
    : ExecutableDefinitionNode(selectionSet, directives, spreads, variableUsages)
{
    public string Name { get; } = name;

    public int NameOffset { get; } = nameOffset;

    /// <summary>The type named after <c>on</c>; kept for messages, never checked (there is no schema at parse time).</summary>
    public string TypeCondition { get; } = typeCondition;
}

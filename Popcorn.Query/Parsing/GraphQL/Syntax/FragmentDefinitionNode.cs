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

    /// <summary>Offset of the <c>fragment</c> keyword.</summary>
    public int Offset { get; init; }

    /// <summary>Offset of the type name after <c>on</c>.</summary>
    public int TypeConditionOffset { get; init; }

    /// <summary>The type named after <c>on</c>; kept for messages, never checked (there is no schema at parse time).</summary>
    public string TypeCondition { get; } = typeCondition;
}

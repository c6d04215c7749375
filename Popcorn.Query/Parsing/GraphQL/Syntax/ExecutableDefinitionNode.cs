namespace Popcorn.Query;

/// <summary>
/// What operations and fragment definitions share: a selection set, and the fragment spreads and
/// variable references written anywhere inside it, collected while parsing so that the document's
/// fragment graph and variable usage can be checked without walking the tree again.
/// </summary>
internal abstract class ExecutableDefinitionNode(
    SelectionSetNode selectionSet,
    DirectiveNode[] directives,
    FragmentSpreadNode[] spreads,
    VariableUsage[] variableUsages)
{
    public SelectionSetNode SelectionSet { get; } = selectionSet;

    public DirectiveNode[] Directives { get; } = directives;

    /// <summary>Every <c>...Name</c> inside the definition, in written order.</summary>
    public FragmentSpreadNode[] Spreads { get; } = spreads;

    /// <summary>Every <c>$name</c> inside the definition's selections, in written order.</summary>
    public VariableUsage[] VariableUsages { get; } = variableUsages;
}

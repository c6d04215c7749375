namespace Popcorn.Query;

/// <summary>InlineFragment : <c>...</c> TypeCondition? Directives? SelectionSet</summary>
internal sealed class InlineFragmentNode(string? typeCondition, DirectiveNode[] directives, SelectionSetNode selectionSet, SourceLocation location)
    : SelectionNode(directives, location)
{
    /// <summary>The type after <c>on</c>, if any; accepted and not checked.</summary>
    public string? TypeCondition { get; } = typeCondition;

    /// <summary>Offset of the type name after <c>on</c>; -1 without a type condition.</summary>
    public int TypeConditionOffset { get; init; } = -1;

    public SelectionSetNode SelectionSet { get; } = selectionSet;
}

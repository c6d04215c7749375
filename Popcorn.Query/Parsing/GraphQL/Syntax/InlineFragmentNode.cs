namespace Popcorn.Query;

/// <summary>InlineFragment : <c>...</c> TypeCondition? Directives? SelectionSet</summary>
internal sealed class InlineFragmentNode(string? typeCondition, DirectiveNode[] directives, SelectionSetNode selectionSet, SourceLocation location)
    : SelectionNode(directives, location)
{
    /// <summary>The type after <c>on</c>, if any; accepted and not checked.</summary>
    public string? TypeCondition { get; } = typeCondition;

    public SelectionSetNode SelectionSet { get; } = selectionSet;
}

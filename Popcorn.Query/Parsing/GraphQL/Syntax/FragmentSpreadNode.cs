namespace Popcorn.Query;

/// <summary>FragmentSpread : <c>...</c> FragmentName Directives?</summary>
internal sealed class FragmentSpreadNode(string name, DirectiveNode[] directives, SourceLocation location)
    : SelectionNode(directives, location)
{
    public string Name { get; } = name;

    /// <summary>Offset of the fragment's name after <c>...</c>.</summary>
    public int NameOffset { get; init; }
}

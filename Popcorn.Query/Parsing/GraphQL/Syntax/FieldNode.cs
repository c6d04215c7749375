namespace Popcorn.Query;

/// <summary>Field : Alias? Name Arguments? Directives? SelectionSet?</summary>
internal sealed class FieldNode(
    string? alias,
    string name,
    int nameOffset,
    ArgumentNode[] arguments,
    DirectiveNode[] directives,
    SelectionSetNode? selectionSet,
    SourceLocation location)
    : SelectionNode(directives, location)
{
    public string? Alias { get; } = alias;

    /// <summary>The field's name as written (wildcards still in their <c>__all</c> spelling).</summary>
    public string Name { get; } = name;

    public int NameOffset { get; } = nameOffset;

    public ArgumentNode[] Arguments { get; } = arguments;

    public SelectionSetNode? SelectionSet { get; } = selectionSet;
}

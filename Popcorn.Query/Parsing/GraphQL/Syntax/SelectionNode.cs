namespace Popcorn.Query;

/// <summary>Selection : Field | FragmentSpread | InlineFragment</summary>
internal abstract class SelectionNode(DirectiveNode[] directives, SourceLocation location)
{
    public DirectiveNode[] Directives { get; } = directives;

    /// <summary>Where the selection's first token is.</summary>
    public SourceLocation Location { get; } = location;
}

namespace Popcorn.Query;

/// <summary>SelectionSet : <c>{</c> Selection+ <c>}</c></summary>
internal sealed class SelectionSetNode(SelectionNode[] selections, int offset)
{
    public SelectionNode[] Selections { get; } = selections;

    /// <summary>Offset of the <c>{</c>.</summary>
    public int Offset { get; } = offset;
}

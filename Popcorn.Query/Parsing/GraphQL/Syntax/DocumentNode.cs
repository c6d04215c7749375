namespace Popcorn.Query;

/// <summary>ExecutableDocument : ExecutableDefinition+, split by kind, each list in written order.</summary>
internal sealed class DocumentNode(OperationNode[] operations, FragmentDefinitionNode[] fragments)
{
    public OperationNode[] Operations { get; } = operations;

    public FragmentDefinitionNode[] Fragments { get; } = fragments;
}

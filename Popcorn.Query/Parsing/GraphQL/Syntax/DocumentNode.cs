namespace Popcorn.Query;

/// <summary>ExecutableDocument : ExecutableDefinition+, split by kind, each list in written order.</summary>
internal sealed class DocumentNode(OperationNode[] operations, FragmentDefinitionNode[] fragments)
{
    public OperationNode[] Operations { get; } = operations;

    public FragmentDefinitionNode[] Fragments { get; } = fragments;

    /// <summary>
    /// The operation a request with <paramref name="operationName"/> runs (the only one when no name is given, as
    /// clients send <c>""</c> for none); null when that is ambiguous or names nothing, which normalizing reports.
    /// </summary>
    public OperationNode? Selected(string? operationName) => string.IsNullOrEmpty(operationName)
        ? Operations.Length == 1 ? Operations[0] : null
        : Array.Find(Operations, o => o.Name == operationName);
}

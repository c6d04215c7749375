namespace Popcorn.Query;

/// <summary>Directive : <c>@</c> Name Arguments?</summary>
internal sealed class DirectiveNode(string name, ArgumentNode[] arguments, int offset)
{
    /// <summary>The name without its <c>@</c>.</summary>
    public string Name { get; } = name;

    public ArgumentNode[] Arguments { get; } = arguments;

    /// <summary>Offset of the <c>@</c>.</summary>
    public int Offset { get; } = offset;
}

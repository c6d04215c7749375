namespace Popcorn.Query;

/// <summary>Argument : Name <c>:</c> Value — also an ObjectField of an object value.</summary>
internal sealed class ArgumentNode(string name, ValueNode value, SourceLocation location)
{
    public string Name { get; } = name;

    public ValueNode Value { get; } = value;

    /// <summary>Where the argument's name is.</summary>
    public SourceLocation Location { get; } = location;
}

namespace Popcorn.Query;

/// <summary>VariableDefinition : Variable <c>:</c> Type DefaultValue? Directives[Const]?</summary>
internal sealed class VariableDefinitionNode(string name, int offset, TypeNode type, ValueNode? defaultValue, DirectiveNode[] directives)
{
    /// <summary>The name without its <c>$</c>.</summary>
    public string Name { get; } = name;

    /// <summary>Offset of the <c>$</c>.</summary>
    public int Offset { get; } = offset;

    public TypeNode Type { get; } = type;

    /// <summary>Offset of the type after <c>:</c>.</summary>
    public int TypeOffset { get; init; }

    /// <summary>The constant after <c>=</c>, if any.</summary>
    public ValueNode? DefaultValue { get; } = defaultValue;

    public DirectiveNode[] Directives { get; } = directives;
}

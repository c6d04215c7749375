namespace Popcorn.Query;

/// <summary>A declared variable and the value it has for this request; a null value means "not provided" (not the <c>null</c> literal).</summary>
internal readonly record struct VariableBinding(VariableDefinitionNode Definition, QueryValue? Value);

namespace Popcorn.Query;

/// <summary>One <c>$name</c> written in a value: the name without <c>$</c>, and where the <c>$</c> is.</summary>
internal readonly record struct VariableUsage(string Name, int Offset);

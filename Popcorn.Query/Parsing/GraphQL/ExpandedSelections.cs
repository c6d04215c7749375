namespace Popcorn.Query;

/// <summary>
/// One selection set after expansion: its nodes, and what the limits need to know about them
/// without walking them again — how many nodes and aliases the whole subtree holds, and how many
/// levels it spans.
/// </summary>
/// <param name="Items">The set's nodes, fragments merged in place.</param>
/// <param name="Nodes">Nodes in the subtree (every field and wildcard at every level).</param>
/// <param name="Aliases">Aliased nodes in the subtree.</param>
/// <param name="Height">Tree levels the set spans: 1 for leaf fields only, more for each level of children.</param>
/// <remarks>Counts are <see cref="long"/> so that a host's <c>int.MaxValue</c> limit cannot be passed by wrapping around.</remarks>
internal readonly record struct ExpandedSelections(PropertyReference[] Items, long Nodes, long Aliases, int Height);

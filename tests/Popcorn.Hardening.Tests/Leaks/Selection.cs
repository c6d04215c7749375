using Popcorn.Query;

namespace Popcorn.Hardening.Tests.Leaks;

/// <summary>One item of a generated selection: a field (maybe aliased, optional or removed, with children), or a wildcard.</summary>
/// <param name="Name">The field's wire name, or a wildcard in include spelling (<c>!all</c>, <c>!default</c>, <c>!full</c>).</param>
/// <param name="Alias">The output key, when renamed.</param>
/// <param name="Negated">A removal: <c>-name</c>, <c>name @exclude</c>.</param>
/// <param name="Optional">An optional field: <c>?name</c>, <c>name @optional</c>.</param>
/// <param name="Children">The nested selection, or null for none.</param>
/// <param name="ChildType">The type the children select from (for fragment type conditions).</param>
internal sealed record Selection(string Name, string? Alias = null, bool Negated = false, bool Optional = false, IReadOnlyList<Selection>? Children = null, TypeMetadata? ChildType = null)
{
    public bool IsWildcard => Name.StartsWith('!');
}

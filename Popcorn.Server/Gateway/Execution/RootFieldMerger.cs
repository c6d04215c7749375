using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Merges root fields selected twice under one response key, as the spec's CollectFields and Field Selection Merging
/// do: <c>{ employee(id: 1) { id } employee(id: 1) { firstName } }</c> is one root field selecting both. Only the same
/// field with the same arguments merges; anything else under one key stays apart, for the planner to refuse.
/// </summary>
internal static class RootFieldMerger
{
    public static IReadOnlyList<PropertyReference> Merge(IReadOnlyList<PropertyReference> roots)
    {
        // The root type has no derived types: a (validated) type condition there names it, and adds its fields in place.
        roots = PropertyReference.MergeTypeConditions(roots);
        List<PropertyReference>? merged = null;
        for (int i = 0; i < roots.Count; i++)
        {
            var root = roots[i];
            int earlier = merged?.FindIndex(m => m.OutputName == root.OutputName) ?? IndexOfKey(roots, i);
            if (earlier < 0)
            {
                merged?.Add(root);
                continue;
            }

            merged ??= roots.Take(i).ToList();
            var first = merged[earlier];
            if (CanMerge(first, root))
            {
                merged[earlier] = new PropertyReference(first.Name, first.Alias, first.IsNegated, first.IsOptional, [.. SelectionOf(first), .. SelectionOf(root)], first.Arguments, first.Location);
            }
            else
            {
                merged.Add(root);
            }
        }

        return merged ?? roots;
    }

    private static int IndexOfKey(IReadOnlyList<PropertyReference> roots, int before)
    {
        for (int i = 0; i < before; i++)
        {
            if (roots[i].OutputName == roots[before].OutputName)
            {
                return i;
            }
        }

        return -1;
    }

    private static bool CanMerge(PropertyReference a, PropertyReference b) =>
        a.Name == b.Name && !a.IsWildcard && a.IsNegated == b.IsNegated && a.IsOptional == b.IsOptional
        && a.Arguments.Count == b.Arguments.Count && a.Arguments.All(x => b.Arguments.Any(y => y.Equals(x)));

    /// <summary>A field's selection; no selection set means its defaults, which a merge must keep beside the other's fields.</summary>
    private static IEnumerable<PropertyReference> SelectionOf(PropertyReference field) =>
        field.Children.Count > 0 ? field.Children : [new PropertyReference(PropertyReference.DefaultWildcard, location: field.Location)];
}

namespace Popcorn.Query;

// Type-conditioned selections: `...on Manager[reports]` and `... on Manager { reports }` (inline fragments and fragment
// spreads keep their type condition), which apply to values of that type only.
public sealed partial class PropertyReference
{
    /// <summary>
    /// What a type-conditioned selection's <see cref="Name"/> starts with, followed by the type's name. A name no field
    /// can have, as the wildcards' <c>!</c>; the printers spell it <c>...on Type[...]</c> and <c>... on Type { ... }</c>.
    /// </summary>
    public const string TypeConditionPrefix = "...";

    /// <summary>A selection that applies only where the value is of type <paramref name="typeName"/> (GraphQL's inline fragment with a type condition).</summary>
    public static PropertyReference TypeConditioned(string typeName, IReadOnlyList<PropertyReference> children, SourceLocation location = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(typeName);
        ArgumentNullException.ThrowIfNull(children);
        return new PropertyReference(TypeConditionPrefix + typeName, children: children, location: location);
    }

    /// <summary>True for a type-conditioned selection; its <see cref="Children"/> apply to values of type <see cref="TypeCondition"/>.</summary>
    public bool IsTypeCondition => Name[0] == '.';

    /// <summary>The type a type-conditioned selection applies to, or null for other nodes.</summary>
    public string? TypeCondition => IsTypeCondition ? Name.Substring(TypeConditionPrefix.Length) : null;

    /// <summary>
    /// <paramref name="items"/> with every type-conditioned selection merged in place, recursively through nested
    /// conditions (not into fields' children). For selections over types without derived types, where a validated
    /// condition can only name the type itself (the gateway's root, introspection).
    /// </summary>
    public static IReadOnlyList<PropertyReference> MergeTypeConditions(IReadOnlyList<PropertyReference> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        if (!items.Any(static item => item.IsTypeCondition))
        {
            return items;
        }

        var merged = new List<PropertyReference>(items.Count);
        foreach (var item in items)
        {
            if (item.IsTypeCondition)
            {
                merged.AddRange(MergeTypeConditions(item.Children));
            }
            else
            {
                merged.Add(item);
            }
        }

        return merged;
    }
}

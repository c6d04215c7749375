namespace Popcorn.Query;

/// <summary>
/// Merges in place the type conditions of a tree that hold for the type they stand on (a fragment on the type itself or
/// on one of its bases), level by level through the fields' types, as the plan compiler does. The plan cache keys by the
/// result's print, so <c>{ ...F } fragment F on Employee { id }</c> and <c>[id]</c> share one plan against Employee.
/// </summary>
internal static class TypeConditionResolver
{
    public static SelectionTree MergeApplying(TypeMetadata type, SelectionTree tree)
    {
        var items = Merge(type, tree.Properties);
        return ReferenceEquals(items, tree.Properties) ? tree : new SelectionTree(items, tree.Arguments, tree.SourceText, tree.Syntax);
    }

    private static IReadOnlyList<PropertyReference> Merge(TypeMetadata type, IReadOnlyList<PropertyReference> items)
    {
        List<PropertyReference>? merged = null;
        for (int i = 0; i < items.Count; i++)
        {
            var item = items[i];
            if (item.TypeCondition is { } condition && PlanCompiler.ConditionApplies(type, condition))
            {
                merged ??= items.Take(i).ToList();
                merged.AddRange(Merge(type, item.Children));
                continue;
            }

            var replacement = item;
            if (ChildType(type, item) is { } childType && Merge(childType, item.Children) is var children && !ReferenceEquals(children, item.Children))
            {
                replacement = item.IsTypeCondition
                    ? PropertyReference.TypeConditioned(item.TypeCondition!, children, item.Location)
                    : new PropertyReference(item.Name, item.Alias, item.IsNegated, item.IsOptional, children, item.Arguments, item.Location);
            }

            if (merged is null && !ReferenceEquals(replacement, item))
            {
                merged = items.Take(i).ToList();
            }

            merged?.Add(replacement);
        }

        return merged ?? items;
    }

    /// <summary>The type an item's children stand on: a field's element type, or a condition's derived type.</summary>
    private static TypeMetadata? ChildType(TypeMetadata type, PropertyReference item)
    {
        if (item.Children.Count == 0)
        {
            return null;
        }

        if (item.TypeCondition is { } condition)
        {
            return type.Polymorphism?.DerivedTypes.FirstOrDefault(d => d.Type.Name == condition)?.Type;
        }

        return item.IsWildcard ? null : type.FindField(item.Name)?.ElementType;
    }
}

namespace Popcorn.Query;

// Plans over a polymorphic base: the base's selection compiled again for each derived type, so the writer only picks a
// plan by the value's runtime type.
public static partial class PlanCompiler
{
    private sealed partial class CompileSession
    {
        /// <summary>
        /// Gives a plan over a polymorphic base one plan per derived type, made by <paramref name="planFor"/> from the
        /// base's own items (<paramref name="items"/>, when the level was written out): a derived type has every field of
        /// its base under the same name, so the base's selection compiles for it as it is. A field only a derived type
        /// has was already refused (or, when optional, skipped) on the base, so it is left out here too.
        /// </summary>
        public void PlanDerived(
            SelectionPlan plan,
            Func<CompileSession, TypeMetadata, IReadOnlyList<PropertyReference>?, SelectionPlan> planFor,
            IReadOnlyList<PropertyReference>? items,
            bool? isFull = null)
        {
            if (plan.Type.Polymorphism is not { } polymorphism)
            {
                return;
            }

            var derivedPlans = new SelectionPlan[polymorphism.DerivedTypes.Count];
            for (int i = 0; i < derivedPlans.Length; i++)
            {
                var derived = polymorphism.DerivedTypes[i].Type;
                derivedPlans[i] = ReferenceEquals(derived, plan.Type)
                    ? plan
                    : planFor(this, derived, items is null ? null : ItemsFor(plan.Type, derived, items));
            }

            plan.InitializeDerived(derivedPlans, writesDiscriminator: !FollowsSelection, isFull);
        }

        /// <summary>
        /// The items of a base's level that hold for a derived type: wildcards, <c>__typename</c>, the base's own fields, and
        /// the type conditions that name the derived type or one of its bases (a condition on a sibling is left out).
        /// </summary>
        private static IReadOnlyList<PropertyReference> ItemsFor(TypeMetadata baseType, TypeMetadata derived, IReadOnlyList<PropertyReference> items)
        {
            List<PropertyReference>? kept = null;
            for (int i = 0; i < items.Count; i++)
            {
                var item = items[i];
                bool holds = item.TypeCondition is { } condition
                    ? condition == baseType.Name || ConditionApplies(derived, condition)
                    : item.IsWildcard || item.Name == NameRules.TypeName || baseType.FindField(item.Name) is not null;
                if (holds)
                {
                    kept?.Add(item);
                }
                else if (kept is null)
                {
                    kept = new List<PropertyReference>(items.Count);
                    for (int j = 0; j < i; j++)
                    {
                        kept.Add(items[j]);
                    }
                }
            }

            return kept is null ? items : kept;
        }
    }

    /// <summary>Whether a type condition naming <paramref name="condition"/> holds for every value of <paramref name="type"/>: it names the type or a base it implements.</summary>
    internal static bool ConditionApplies(TypeMetadata type, string condition)
    {
        if (type.Name == condition)
        {
            return true;
        }

        foreach (var baseType in type.BaseTypes)
        {
            if (baseType.Name == condition)
            {
                return true;
            }
        }

        return false;
    }

    private sealed partial class LevelBuilder
    {
        /// <summary>
        /// A type condition at this level: merged in place when it holds for every value of the type; left to the derived
        /// type's plan when it names one of the type's derived types; otherwise, in a hierarchy, refused with the GraphQL
        /// specification's words for a fragment that can never apply.
        /// </summary>
        private void AddTypeCondition(PropertyReference item)
        {
            string condition = item.TypeCondition!;
            if (ConditionApplies(type, condition))
            {
                foreach (var child in item.Children)
                {
                    Add(child);
                }

                return;
            }

            foreach (var derived in type.Polymorphism?.DerivedTypes ?? [])
            {
                if (derived.Type.Name == condition)
                {
                    return;
                }
            }

            // A type outside every hierarchy keeps the include syntax's old reading of a fragment, whose condition was not
            // checked; the gateway's validation refuses an impossible spread before it gets here.
            if (type.Polymorphism is null && type.BaseTypes.Count == 0)
            {
                foreach (var child in item.Children)
                {
                    Add(child);
                }

                return;
            }

            throw session.Error(
                QueryErrorKind.InvalidSelection,
                $"Fragment cannot be spread here as objects of type \"{type.Name}\" can never be of type \"{condition}\".",
                item,
                type: type.Name);
        }

        /// <summary>When a field the base lacks belongs to one of its derived types, how to select it there.</summary>
        private string DerivedFieldHint(PropertyReference item)
        {
            foreach (var derived in type.Polymorphism?.DerivedTypes ?? [])
            {
                if (derived.Type.FindField(item.Name) is { } field && session.Options.Access.Allows(field))
                {
                    string name = derived.Type.Name;
                    return $" '{item.Name}' is a field of '{name}': select it under a type condition, '...on {name}[{item.Name}]' or '... on {name} {{ {item.Name} }}'.";
                }
            }

            return string.Empty;
        }
    }
}

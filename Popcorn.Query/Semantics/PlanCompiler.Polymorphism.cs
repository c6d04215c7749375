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
                    : planFor(this, derived, items is null ? null : ItemsFor(plan.Type, items));
            }

            plan.InitializeDerived(derivedPlans, writesDiscriminator: !FollowsSelection, isFull);
        }

        /// <summary>The items of a base's level that hold for a derived type: wildcards, <c>__typename</c> and the base's own fields.</summary>
        private static IReadOnlyList<PropertyReference> ItemsFor(TypeMetadata baseType, IReadOnlyList<PropertyReference> items)
        {
            List<PropertyReference>? kept = null;
            for (int i = 0; i < items.Count; i++)
            {
                var item = items[i];
                bool holds = item.IsWildcard || item.Name == NameRules.TypeName || baseType.FindField(item.Name) is not null;
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
}

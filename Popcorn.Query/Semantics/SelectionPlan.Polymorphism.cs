namespace Popcorn.Query;

// A plan over a polymorphic base: one plan per derived type, which the base's writer picks by the value's runtime type.
public sealed partial class SelectionPlan
{
    private SelectionPlan[] _derivedPlans = Array.Empty<SelectionPlan>();

    /// <summary>
    /// For a plan over a polymorphic base (<see cref="TypeMetadata.Polymorphism"/>): the plan of each derived type, by
    /// its index in <see cref="PolymorphismMetadata.DerivedTypes"/>, holding the base's selection and the type conditions
    /// that match that type. Empty for other types. This plan itself writes an instance of the base's own type.
    /// </summary>
    public ReadOnlySpan<SelectionPlan> DerivedPlans => _derivedPlans;

    /// <summary>
    /// True when an instance written through this polymorphic base plan starts with its type discriminator, as
    /// System.Text.Json writes it: REST's semantics (the discriminator is part of what STJ writes, like an
    /// <c>[Always]</c> field), never GraphQL's (which has <c>__typename</c>).
    /// </summary>
    public bool WritesDiscriminator { get; private set; }

    /// <summary>The plan for the derived type at <paramref name="index"/> in <see cref="PolymorphismMetadata.DerivedTypes"/>.</summary>
    public SelectionPlan DerivedPlan(int index) => _derivedPlans[index];

    /// <summary>
    /// Sets the derived types' plans. The plan stays full (the writers' straight-line path, which writes discriminators)
    /// only when it writes discriminators and every derived plan is full.
    /// </summary>
    internal void InitializeDerived(SelectionPlan[] derivedPlans, bool writesDiscriminator, bool? isFull = null)
    {
        _derivedPlans = derivedPlans;
        WritesDiscriminator = writesDiscriminator;
        bool derivedFull = writesDiscriminator;
        foreach (var plan in derivedPlans)
        {
            derivedFull &= ReferenceEquals(plan, this) || plan.IsFull;
        }

        IsFull = isFull ?? (IsFull && derivedFull);
    }
}

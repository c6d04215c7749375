namespace Popcorn.Query;

/// <summary>Copies a plan graph without its list arguments, which a query applied (<see cref="SelectionPlan.ForQueriedRows"/>); cycles are copied as cycles.</summary>
internal static class ArgumentFreePlan
{
    public static SelectionPlan Of(SelectionPlan plan) =>
        HasArguments(plan, new HashSet<SelectionPlan>(ReferenceEqualityComparer.Instance))
            ? Copy(plan, new Dictionary<SelectionPlan, SelectionPlan>(ReferenceEqualityComparer.Instance))
            : plan;

    private static bool HasArguments(SelectionPlan plan, HashSet<SelectionPlan> visited)
    {
        if (!visited.Add(plan))
        {
            return false;
        }

        foreach (var field in plan.Fields)
        {
            if (field.Arguments is not null || (field.Child is { } child && HasArguments(child, visited)))
            {
                return true;
            }
        }

        return false;
    }

    private static SelectionPlan Copy(SelectionPlan plan, Dictionary<SelectionPlan, SelectionPlan> copies)
    {
        if (copies.TryGetValue(plan, out var copy))
        {
            return copy;
        }

        copy = new SelectionPlan(plan.Type);
        copies.Add(plan, copy);
        var fields = new PlannedField[plan.Count];
        for (int i = 0; i < fields.Length; i++)
        {
            var field = plan.Fields[i];
            // An aggregate's where is not a list's arrangement: the aggregate is kept as it is (the same instance, which
            // a query source's computed numbers are keyed by).
            fields[i] = field.Aggregate is not null
                ? field
                : new PlannedField(field.Field, field.OutputName, field.Child is { } child ? Copy(child, copies) : null, arguments: null, field.ElementsRequired);
        }

        copy.Initialize(fields, isFull: false);
        copy.Policies = plan.Policies;
        copy.RepeatsObjects = plan.RepeatsObjects;
        return copy;
    }
}

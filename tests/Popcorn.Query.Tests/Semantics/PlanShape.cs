namespace Popcorn.Query.Tests.Semantics;

/// <summary>A plan as include-like text, for assertions: keys in output order (<c>alias:name</c>), children in brackets.</summary>
internal static class PlanShape
{
    public static string Of(SelectionPlan plan, int depth = 0)
    {
        var parts = new List<string>();
        foreach (var field in plan.Fields)
        {
            string key = field.Field is not null && field.OutputName != field.Field.WireName ? $"{field.OutputName}:{field.Field.WireName}" : field.OutputName;
            parts.Add(field.Child is null ? key : depth > 3 ? key + "[…]" : key + Of(field.Child, depth + 1));
        }

        return "[" + string.Join(",", parts) + "]";
    }
}

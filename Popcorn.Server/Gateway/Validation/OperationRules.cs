using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's operation rules (5.2): Operation Name Uniqueness and Lone Anonymous Operation. (Subscription Single Root
/// Field cannot apply: the parser reads queries only.)
/// </summary>
internal static class OperationRules
{
    public static void Check(ValidationContext context)
    {
        var operations = context.Document.Operations;
        var seen = new Dictionary<string, OperationNode>(StringComparer.Ordinal);
        foreach (var operation in operations)
        {
            if (operation.Name is null)
            {
                if (operations.Length > 1)
                {
                    context.Report("This anonymous operation must be the only defined operation.", operation.Offset);
                }
            }
            else if (!seen.TryAdd(operation.Name, operation))
            {
                context.Report($"There can be only one operation named \"{ValidationContext.Quote(operation.Name)}\".", seen[operation.Name].NameOffset, operation.NameOffset);
            }
        }
    }
}

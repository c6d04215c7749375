using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's operation rules (5.2): Operation Name Uniqueness and Lone Anonymous Operation, and an operation type the
/// schema has a root type for (graphql-js's words; there is no <c>Subscription</c> type, and no <c>Mutation</c> type
/// until the gateway declares a mutation the caller may see).
/// </summary>
internal static class OperationRules
{
    public static void Check(ValidationContext context)
    {
        var operations = context.Document.Operations;
        var seen = new Dictionary<string, OperationNode>(StringComparer.Ordinal);
        foreach (var operation in operations)
        {
            if ((operation.Type == GraphQLOperationType.Mutation && context.Schema.MutationType is null) || operation.Type == GraphQLOperationType.Subscription)
            {
                string word = operation.Type == GraphQLOperationType.Mutation ? "mutation" : "subscription";
                context.Report($"Schema is not configured to execute {word} operation.", operation.Offset);
            }

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

using System.Text.Json;

namespace Popcorn.Query;

/// <summary>Parses the GraphQL-like syntax into a <see cref="SelectionTree"/>.</summary>
internal static class GraphQLSelectionParser
{
    public static SelectionTree Parse(string text, SelectionParserOptions options, JsonElement variables, string? operationName) =>
        throw new NotImplementedException("The GraphQL-like parser lands in the next commit.");
}

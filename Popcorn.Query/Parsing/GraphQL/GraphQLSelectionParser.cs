using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Parses the GraphQL-like syntax into a <see cref="SelectionTree"/>: a GraphQL executable
/// document (September 2025) whose selected query operation becomes the tree, with fragments
/// expanded in place, <c>@include</c>/<c>@skip</c> applied, variables substituted, and Popcorn's
/// own spellings (<c>__all</c>, <c>@exclude</c>, <c>@optional</c>) mapped to the tree's.
/// </summary>
/// <remarks>
/// Four stages, each cheap enough to run before the next could cost anything:
/// <list type="number">
/// <item>the length limit; then, for a plain query of fields, <see cref="GraphQLShorthandParser"/> reads it straight
/// into the tree (enforcing the depth limit as it goes) and the other stages are skipped;</item>
/// <item><see cref="GraphQLDepthScanner"/>, a depth pre-scan over the raw text;</item>
/// <item><see cref="GraphQLParser"/> (with <see cref="GraphQLReader"/>), the grammar into a syntax tree;</item>
/// <item><see cref="GraphQLNormalizer"/>, the document's rules and the expansion into the tree, with the field and alias limits counted on the expanded result.</item>
/// </list>
/// </remarks>
internal static class GraphQLSelectionParser
{
    /// <exception cref="PopcornQueryException">Any malformed, invalid or oversized input.</exception>
    public static SelectionTree Parse(string text, SelectionParserOptions options, JsonElement variables, string? operationName)
    {
        options.CheckLength(text);
        if (RootArguments.Start(text) is int open and >= 0)
        {
            // (first: 10) { id }: the root list's arguments, then the selection read at its own offsets.
            var arguments = RootArguments.Read(text, options, open, out int end);
            var selection = Parse(RootArguments.Blank(text, open, end), options, variables, operationName);
            return new SelectionTree(selection.Properties, arguments, text, SelectionSyntax.GraphQL);
        }

        // Most requests are one plain query: read those straight into the tree; the rest take the full path. The fast
        // path enforces the depth limit itself and gives up on anything else, so it runs before the pre-scan.
        if (string.IsNullOrEmpty(operationName)
            && variables.ValueKind is JsonValueKind.Undefined or JsonValueKind.Null or JsonValueKind.Object
            && GraphQLShorthandParser.TryParse(text, options) is { } tree)
        {
            return tree;
        }

        CheckDepth(text, options);
        if (IsEmptyShorthand(text))
        {
            return SelectionTree.Default;
        }

        var document = GraphQLParser.Parse(text, options);
        return GraphQLNormalizer.Normalize(text, document, options, variables, operationName);
    }

    /// <summary>
    /// The first stages alone, for the gateway, which validates the document against its schema before binding any
    /// variable: the limits and the grammar. Null for the whole-document <c>{}</c> (the defaults, a Popcorn extension).
    /// Then <see cref="GraphQLNormalizer.Normalize"/> builds the tree of the operation to run.
    /// </summary>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    public static DocumentNode? ParseDocument(string text, SelectionParserOptions options)
    {
        CheckLimits(text, options);
        return IsEmptyShorthand(text) ? null : GraphQLParser.Parse(text, options);
    }

    /// <summary>The length limit, then the depth pre-scan over the raw text: both before anything is built.</summary>
    private static void CheckLimits(string text, SelectionParserOptions options)
    {
        options.CheckLength(text);
        CheckDepth(text, options);
    }

    private static void CheckDepth(string text, SelectionParserOptions options)
    {
        int tooDeep = GraphQLDepthScanner.FindExcessiveNesting(text, options.MaxDepth);
        if (tooDeep >= 0)
        {
            throw PopcornQueryException.At(
                QueryErrorKind.LimitExceeded,
                $"The query nests deeper than {options.MaxDepth} levels.",
                text,
                tooDeep);
        }
    }

    /// <summary>
    /// A whole document of just <c>{}</c> is the default selection, as <c>[]</c> is in the include syntax (and what
    /// <see cref="SelectionPrinter.PrintGraphQL"/> prints for it). GraphQL itself forbids empty selection sets; every
    /// other empty set is still an error.
    /// </summary>
    private static bool IsEmptyShorthand(ReadOnlySpan<char> text)
    {
        text = text.Trim(" \t\r\n,\uFEFF");
        if (text.Length < 2 || text[0] != '{' || text[^1] != '}')
        {
            return false;
        }

        return text[1..^1].Trim(" \t\r\n,").IsEmpty;
    }
}

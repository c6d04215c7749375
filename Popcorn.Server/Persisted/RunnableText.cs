using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Whether a text offered to the persisted-query store could ever run: within the length limit, and readable in one
/// of the two syntaxes (a gateway document in the GraphQL-like syntax, or a REST selection in either: REST's stored
/// selections are registered through the same store, and <c>[a,b]</c> is no GraphQL document). Only the limits and
/// the grammar are checked, which no request can change; whether the names exist is the schema's business, decided
/// when the text runs (the schema can grow, and a REST selection names no root field).
/// </summary>
internal static class RunnableText
{
    /// <summary>Null when some request could run <paramref name="text"/>; otherwise the error every request would get.</summary>
    public static PopcornQueryException? WhyNever(string text, SelectionParserOptions limits)
    {
        try
        {
            limits.CheckLength(text);
            if (SelectionParser.DetectSyntax(text) == SelectionSyntax.Include)
            {
                SelectionParser.ParseInclude(text, limits);
                return null;
            }

            string document = text;
            if (RootArguments.Start(text) is int open and >= 0)
            {
                // (first: 10) { id }: a REST root list's arguments, then the selection, read at its own offsets.
                RootArguments.Read(text, limits, open, out int end);
                document = RootArguments.Blank(text, open, end);
            }

            GraphQLSelectionParser.ParseDocument(document, limits);
            return null;
        }
        catch (PopcornQueryException e)
        {
            return e;
        }
    }
}

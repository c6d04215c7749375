using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// The one entry point for client selections: accepts either syntax and tells them apart by the
/// first significant character (<c>[</c> for include syntax; <c>{</c>, <c>query</c> or <c>fragment</c>
/// for the GraphQL-like syntax). Every failure is a <see cref="PopcornQueryException"/>.
/// </summary>
public static class SelectionParser
{
    /// <summary>
    /// Parses a selection in either syntax. Null, empty or whitespace-only text means the defaults.
    /// </summary>
    /// <param name="text">The client's query text.</param>
    /// <param name="options">Limits; <see cref="SelectionParserOptions.Default"/> when null.</param>
    /// <param name="variables">GraphQL variables (a JSON object), for <c>$name</c> references.</param>
    /// <param name="operationName">Which operation to use when a GraphQL document has several.</param>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    public static SelectionTree Parse(
        string? text,
        SelectionParserOptions? options = null,
        JsonElement variables = default,
        string? operationName = null)
    {
        options ??= SelectionParserOptions.Default;
        if (text is null)
        {
            return SelectionTree.Default;
        }

        // Nearly every include selection starts with its '[': it needs no scan for the first significant character.
        if (text.Length != 0 && text[0] == '[')
        {
            return IncludeParser.Parse(text, options);
        }

        return DetectSyntax(text) switch
        {
            null => SelectionTree.Default,
            SelectionSyntax.Include => IncludeParser.Parse(text, options),
            _ => GraphQLSelectionParser.Parse(text, options, variables, operationName),
        };
    }

    /// <summary>Parses Popcorn's include syntax only: <c>[a,b[c]]</c>.</summary>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    public static SelectionTree ParseInclude(string text, SelectionParserOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(text);
        return IncludeParser.Parse(text, options ?? SelectionParserOptions.Default);
    }

    /// <summary>Parses the GraphQL-like syntax only: <c>{ a b { c } }</c> or a full query document.</summary>
    /// <exception cref="PopcornQueryException">The text is malformed, exceeds a limit, or uses an unbound variable.</exception>
    public static SelectionTree ParseGraphQL(
        string text,
        SelectionParserOptions? options = null,
        JsonElement variables = default,
        string? operationName = null)
    {
        ArgumentNullException.ThrowIfNull(text);
        return GraphQLSelectionParser.Parse(text, options ?? SelectionParserOptions.Default, variables, operationName);
    }

    /// <summary>
    /// Which syntax <paramref name="text"/> is written in, judged by its first significant character;
    /// null when the text is blank. Anything that is not include syntax goes to the GraphQL parser,
    /// which reports what it expected.
    /// </summary>
    public static SelectionSyntax? DetectSyntax(ReadOnlySpan<char> text)
    {
        foreach (char c in text)
        {
            if (c is ' ' or '\t' or '\r' or '\n' or '\uFEFF' or ',')
            {
                continue;
            }

            if (c == '(')
            {
                // Root arguments come first in both syntaxes: what follows them tells the two apart.
                int open = text.IndexOf('(');
                return DetectSyntax(text[RootArguments.SkipGroup(text, open)..]) ?? SelectionSyntax.Include;
            }

            return c == '[' ? SelectionSyntax.Include : SelectionSyntax.GraphQL;
        }

        return null;
    }

    /// <summary>
    /// True when <paramref name="name"/> can be written in both syntaxes: GraphQL's name grammar
    /// (<c>[_A-Za-z][_0-9A-Za-z]*</c>), not starting with the reserved <c>__</c>.
    /// </summary>
    public static bool IsValidFieldName(ReadOnlySpan<char> name) => NameRules.IsValidName(name) && !NameRules.IsReserved(name) && !name.SequenceEqual(NameRules.TypeName);
}

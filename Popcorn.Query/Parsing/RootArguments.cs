namespace Popcorn.Query;

/// <summary>
/// The root list's arguments written before a selection, in both syntaxes: <c>(first: 10)[id]</c> and
/// <c>(first: 10) { id }</c>. Read by the same argument reader as a field's, so both syntaxes accept the same literals.
/// </summary>
internal static class RootArguments
{
    /// <summary>The offset of the <c>(</c> that opens root arguments, or -1 when the text does not start with one.</summary>
    public static int Start(ReadOnlySpan<char> text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (text[i] is not (' ' or '\t' or '\r' or '\n' or '\uFEFF' or ','))
            {
                return text[i] == '(' ? i : -1;
            }
        }

        return -1;
    }

    /// <summary>
    /// The offset just after the <c>)</c> that closes the group opening at <paramref name="open"/>, skipping strings; the
    /// text's length when it never closes (the parser then reports where). Only for telling the syntaxes apart.
    /// </summary>
    public static int SkipGroup(ReadOnlySpan<char> text, int open)
    {
        int depth = 0;
        bool inString = false;
        for (int i = open; i < text.Length; i++)
        {
            char c = text[i];
            if (inString)
            {
                if (c == '\\')
                {
                    i++;
                }
                else if (c == '"')
                {
                    inString = false;
                }
            }
            else if (c == '"')
            {
                inString = true;
            }
            else if (c == '(')
            {
                depth++;
            }
            else if (c == ')' && --depth == 0)
            {
                return i + 1;
            }
        }

        return text.Length;
    }

    /// <summary>Reads the arguments opening at <paramref name="open"/>; <paramref name="end"/> is the offset after their <c>)</c>.</summary>
    public static QueryArgument[] Read(string text, SelectionParserOptions options, int open, out int end)
    {
        var at = SourceLocation.At(text, open);
        int position = open;
        int line = at.Line;
        int lineStart = open - (at.Column - 1);
        var arguments = GraphQLParser.ParseIncludeArguments(text, options, 0, ref position, ref line, ref lineStart);
        end = position;
        return arguments;
    }

    /// <summary>The text with the arguments blanked (line breaks kept), so the selection after them parses at its own offsets.</summary>
    public static string Blank(string text, int open, int end) =>
        string.Create(text.Length, (text, open, end), static (span, state) =>
        {
            state.text.AsSpan().CopyTo(span);
            for (int i = state.open; i < state.end; i++)
            {
                if (span[i] is not ('\n' or '\r'))
                {
                    span[i] = ' ';
                }
            }
        });
}

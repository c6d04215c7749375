using System.Buffers;

namespace Popcorn.Query;

/// <summary>
/// The cheap pass that runs before parsing: counts how deeply <c>{</c>, <c>[</c> and <c>(</c> nest
/// outside strings and comments, so that a document of ten thousand opening braces is refused
/// after one vectorized scan instead of after ten thousand recursive calls.
/// </summary>
internal static class GraphQLDepthScanner
{
    private static readonly SearchValues<char> s_significant = SearchValues.Create("{[(}])\"#");

    /// <summary>The offset of the first opener past <paramref name="maxDepth"/>, or -1 when the text stays within it.</summary>
    /// <remarks>
    /// Unbalanced text is scanned as well as it can be (a closer never takes the depth below zero);
    /// the parser reports the imbalance itself. The parser also enforces the depth, so the scan
    /// only has to be right for text that parses.
    /// </remarks>
    public static int FindExcessiveNesting(ReadOnlySpan<char> text, int maxDepth)
    {
        int depth = 0;
        int position = 0;
        while (true)
        {
            int next = text[position..].IndexOfAny(s_significant);
            if (next < 0)
            {
                return -1;
            }

            position += next;
            switch (text[position])
            {
                case '{' or '[' or '(':
                    if (++depth > maxDepth)
                    {
                        return position;
                    }

                    position++;
                    break;
                case '}' or ']' or ')':
                    depth = Math.Max(0, depth - 1);
                    position++;
                    break;
                case '#':
                    position = SkipToLineEnd(text, position);
                    break;
                default:
                    position = SkipString(text, position);
                    break;
            }
        }
    }

    private static int SkipToLineEnd(ReadOnlySpan<char> text, int position)
    {
        int end = text[position..].IndexOfAny('\n', '\r');
        return end < 0 ? text.Length : position + end;
    }

    /// <summary>Skips a string or block string starting at the quote at <paramref name="position"/>.</summary>
    private static int SkipString(ReadOnlySpan<char> text, int position)
    {
        bool block = position + 2 < text.Length && text[position + 1] == '"' && text[position + 2] == '"';
        int i = position + (block ? 3 : 1);
        while (i < text.Length)
        {
            char c = text[i];
            if (block)
            {
                if (c == '\\' && i + 3 < text.Length && text[i + 1] == '"' && text[i + 2] == '"' && text[i + 3] == '"')
                {
                    i += 4;
                    continue;
                }

                if (c == '"' && i + 2 < text.Length && text[i + 1] == '"' && text[i + 2] == '"')
                {
                    return i + 3;
                }
            }
            else if (c == '\\')
            {
                i += 2;
                continue;
            }
            else if (c is '"' or '\n' or '\r')
            {
                // A line break ends an unterminated string; the parser reports it.
                return i + 1;
            }

            i++;
        }

        return text.Length;
    }
}

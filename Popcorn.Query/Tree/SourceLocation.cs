namespace Popcorn.Query;

/// <summary>A position in query text: a 0-based offset and the 1-based line and column it falls on.</summary>
/// <param name="Offset">Characters from the start of the text.</param>
/// <param name="Line">1-based line number.</param>
/// <param name="Column">1-based column number.</param>
public readonly record struct SourceLocation(int Offset, int Line, int Column)
{
    /// <summary>Computes the line and column of <paramref name="offset"/> in <paramref name="text"/>.</summary>
    public static SourceLocation At(ReadOnlySpan<char> text, int offset)
    {
        offset = Math.Clamp(offset, 0, text.Length);
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++)
        {
            if (text[i] == '\n')
            {
                line++;
                lineStart = i + 1;
            }
        }

        return new SourceLocation(offset, line, offset - lineStart + 1);
    }
}

namespace Popcorn.Query;

/// <summary>
/// The include syntax's field arguments. They are GraphQL literals, so the include parser hands them to this parser's
/// own reader and value productions: both syntaxes accept the same values and word each mistake the same way.
/// </summary>
internal ref partial struct GraphQLParser
{
    private GraphQLParser(ReadOnlySpan<char> text, int position, int line, int lineStart, int depth, SelectionParserOptions options)
    {
        _reader = new GraphQLReader(text, position, line, lineStart, allowComments: false);
        _options = options;
        _depth = depth;
        _includeSyntax = true;
    }

    /// <summary>
    /// Arguments := <c>(</c> Name <c>:</c> Value (<c>,</c>? Name <c>:</c> Value)* <c>)</c>, read from the <c>(</c> at
    /// <paramref name="position"/> to its closing <c>)</c>. On return <paramref name="position"/> is just past the
    /// <c>)</c> and <paramref name="line"/>/<paramref name="lineStart"/> count the lines read, so the include parser
    /// goes on with exact positions.
    /// </summary>
    /// <param name="text">The whole include text.</param>
    /// <param name="options">The limits of the parse under way.</param>
    /// <param name="depth">The include parser's nesting depth at the <c>(</c>: one limit covers both.</param>
    /// <param name="position">In: the offset of the <c>(</c>. Out: the offset just past the <c>)</c>.</param>
    /// <param name="line">In and out: the 1-based line the include parser has reached.</param>
    /// <param name="lineStart">In and out: the offset where that line starts.</param>
    /// <exception cref="PopcornQueryException">The arguments are malformed, repeat a name or nest too deeply.</exception>
    public static QueryArgument[] ParseIncludeArguments(
        ReadOnlySpan<char> text, SelectionParserOptions options, int depth, ref int position, ref int line, ref int lineStart)
    {
        var parser = new GraphQLParser(text, position, line, lineStart, depth, options);
        parser.MoveNext();
        var nodes = parser.ParseArgumentsToClose(isConstant: true);
        position = parser._reader.End;
        line = parser._reader.NextLine;
        lineStart = parser._reader.NextLineStart;

        var arguments = new QueryArgument[nodes.Length];
        for (int i = 0; i < nodes.Length; i++)
        {
            // Variables are refused in this syntax, so every value was folded into its literal while parsing.
            arguments[i] = new QueryArgument(nodes[i].Name, nodes[i].Value.Literal!) { Location = nodes[i].Location };
        }

        return arguments;
    }
}

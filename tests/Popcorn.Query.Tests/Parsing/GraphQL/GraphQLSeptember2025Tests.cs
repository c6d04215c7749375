namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// What the September 2025 edition changed in the language Popcorn reads: any Unicode scalar value in strings and
/// comments, braced <c>\u{...}</c> escapes, surrogates only in pairs, and descriptions on executable definitions.
/// </summary>
public class GraphQLSeptember2025Tests
{
    private static string StringValueOf(string literal) =>
        SelectionParser.Parse($"{{ a(v: {literal}) }}").Properties.Single().Arguments.Single().Value.Text!;

    private static PopcornQueryException Refuse(string text) =>
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

    [Theory]
    [InlineData("\"\\u{1F600}\"", "😀")]
    [InlineData("\"\\u{41}\"", "A")]
    [InlineData("\"\\u{0000000041}\"", "A")]
    [InlineData("\"\\u{e9}\\u{E9}\"", "éé")]
    [InlineData("\"\\u{10FFFF}\"", "\U0010FFFF")]
    [InlineData("\"\\u{0}\"", "\0")]
    [InlineData("\"\\uD83D\\uDE00 \\u{1F600}\"", "😀 😀")]
    [InlineData("\"\\u{D7FF}\\u{E000}\"", "\uD7FF\uE000")]
    public void Read_UnicodeEscape_DecodesScalarValues(string literal, string expected)
    {
        StringValueOf(literal).ShouldBe(expected);
    }

    [Theory]
    [InlineData("\"bell\u0007 nul\u0000 esc\u001b\"", "bell\u0007 nul\u0000 esc\u001b")]
    [InlineData("\"\"\"bell\u0007\nnext\u0001\"\"\"", "bell\u0007\nnext\u0001")]
    public void Read_ControlCharacterInAString_IsPartOfTheValue(string literal, string expected)
    {
        StringValueOf(literal).ShouldBe(expected);
    }

    [Theory]
    [InlineData("{ a # bell \u0007 nul \u0000\n b }")]
    [InlineData("{ a # \\c \\u{110000} \\uD800 \"\n b }")]
    [InlineData("{ a # 😀\r b }")]
    public void Read_AnyCharacterInAComment_IsIgnored(string text)
    {
        // GraphQL-Parser 9.5.1 reads escapes inside comments and refuses the second; a comment is any text to the line's end.
        SelectionParser.Parse(text).ToIncludeString().ShouldBe("[a,b]");
    }

    [Theory]
    [InlineData("{ a(v: \"\\u{110000}\") }", 1, 9, "'\\u{110000}' is not a Unicode scalar value")]
    [InlineData("{ a(v: \"\\u{D800}\") }", 1, 9, "is not a Unicode scalar value (at most 10FFFF, and no surrogate)")]
    [InlineData("{ a(v: \"\\u{FFFFFFFFF}\") }", 1, 9, "is not a Unicode scalar value")]
    [InlineData("{ a(v: \"\\u{}\") }", 1, 9, "Invalid '\\u{' escape: expected hex digits and a closing '}'")]
    [InlineData("{ a(v: \"\\u{41\") }", 1, 9, "Invalid '\\u{' escape: expected hex digits and a closing '}'")]
    [InlineData("{ a(v: \"\\u{4G}\") }", 1, 9, "Invalid '\\u{' escape")]
    [InlineData("{ a(v: \"x\\uD83D\") }", 1, 10, "'\\uD83D' is half of a surrogate pair")]
    [InlineData("{ a(v: \"\\uDE00\\uD83D\") }", 1, 9, "'\\uDE00' is half of a surrogate pair")]
    [InlineData("{ a(v: \"\\uD83Dx\") }", 1, 9, "is half of a surrogate pair")]
    [InlineData("{ a(v: \"\\uD83D\\uD83D\") }", 1, 9, "is half of a surrogate pair")]
    [InlineData("{ a(v: \"\\uD83D\\u{DE00}\") }", 1, 9, "is half of a surrogate pair")]
    [InlineData("{ a(v: \"\\u12\") }", 1, 9, "expected four hex digits, or hex digits in braces")]
    [InlineData("{\n  a\u0007 }", 2, 4, "Invalid character U+0007 in a query")]
    public void Read_InvalidEscapeOrCharacter_ReportsPosition(string text, int line, int column, string message)
    {
        var error = Refuse(text);

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Read_LoneSurrogateInAStringBlockStringOrComment_IsRefused()
    {
        // Not InlineData: xunit's serialization would turn a lone surrogate into U+FFFD.
        var inString = Refuse("{ a(v: \"x\uD800\") }");
        var inBlock = Refuse("{ a(v: \"\"\"\n\uDC00\"\"\") }");
        var inComment = Refuse("{ a # \uD83D\n }");

        inString.Message.ShouldContain("Invalid character U+D800 in a string: a surrogate must be half of a pair.");
        (inString.Line, inString.Column).ShouldBe((1, 10));
        inBlock.Message.ShouldContain("U+DC00 in a block string");
        (inBlock.Line, inBlock.Column).ShouldBe((2, 1));
        inComment.Message.ShouldContain("U+D83D in a comment");
        (inComment.Line, inComment.Column).ShouldBe((1, 7));
    }

    [Theory]
    [InlineData("\"Reads one employee.\" query Q { a }")]
    [InlineData("\"\"\"\n  Reads one employee.\n\"\"\"\nquery { a }")]
    [InlineData("query { ...F }\n\"Names only.\" fragment F on T { a }")]
    [InlineData("query Q(\"How many.\" $n: Int = 1, \"\"\"Which.\"\"\" $s: String) { a(n: $n, s: $s) }")]
    public void Parse_Description_OnAnOperationFragmentOrVariable_IsAcceptedAndDropped(string text)
    {
        PropertyReference.MergeTypeConditions(SelectionParser.Parse(text).Properties)[0].Name.ShouldBe("a");
    }

    [Theory]
    [InlineData("\"A shorthand.\" { a }", 1, 16, "the shorthand '{ ... }' cannot have one")]
    [InlineData("{ a } \"Trailing.\"", 1, 18, "Unexpected end of query: expected '{', 'query' or 'fragment'")]
    [InlineData("query Q \"Late.\" { a }", 1, 9, "Expected '{' but found a string")]
    [InlineData("{ \"A field.\" a }", 1, 3, "Expected a name but found a string")]
    [InlineData("query (\"Twice.\" \"Twice.\" $n: Int) { a(n: $n) }", 1, 17, "expected a variable ('$name') or ')'")]
    public void Parse_DescriptionWhereNoneIsAllowed_ReportsPosition(string text, int line, int column, string message)
    {
        var error = Refuse(text);

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }
}

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>Tokens that are valid, read as the specification reads them (September 2025's additions: <see cref="GraphQLSeptember2025Tests"/>).</summary>
public class GraphQLLexicalTests
{
    private static QueryValue ValueOf(string literal) =>
        SelectionParser.Parse($"{{ a(v: {literal}) }}").Properties.Single().Arguments.Single().Value;

    [Theory]
    [InlineData("0", QueryValueKind.Int)]
    [InlineData("-0", QueryValueKind.Int)]
    [InlineData("1234567890", QueryValueKind.Int)]
    [InlineData("0.0", QueryValueKind.Float)]
    [InlineData("-1.25", QueryValueKind.Float)]
    [InlineData("1e5", QueryValueKind.Float)]
    [InlineData("1E+5", QueryValueKind.Float)]
    [InlineData("6.02e-23", QueryValueKind.Float)]
    public void Read_Number_KeepsItsTextAndKind(string literal, QueryValueKind kind)
    {
        var value = ValueOf(literal);

        (value.Kind, value.Text).ShouldBe((kind, literal));
    }

    [Theory]
    [InlineData("\"\"", "")]
    [InlineData("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\b\f\n\r\t")]
    [InlineData("\"\\u00E9\\u00e9\"", "éé")]
    [InlineData("\"\\uD83D\\uDE00\"", "😀")]
    [InlineData("\"# not a comment, {not} [nesting]\"", "# not a comment, {not} [nesting]")]
    [InlineData("\"\"\"\"\"\"", "")]
    [InlineData("\"\"\"raw \\n stays\"\"\"", "raw \\n stays")]
    [InlineData("\"\"\"\n    hello\n      world\n    \"\"\"", "hello\n  world")]
    [InlineData("\"\"\"  first\n    second\n  third\"\"\"", "  first\n  second\nthird")]
    [InlineData("\"\"\"a\r\nb\rc\"\"\"", "a\nb\nc")]
    [InlineData("\"\"\"\n  \n\t\n\"\"\"", "")]
    [InlineData("\"\"\"say \\\"\"\"hi\\\"\"\" \"\"\"", "say \"\"\"hi\"\"\" ")]
    public void Read_String_DecodesItsValue(string literal, string expected)
    {
        ValueOf(literal).Text.ShouldBe(expected);
    }

    [Fact]
    public void Read_RawSurrogatePairInAString_IsKept()
    {
        ValueOf("\"😀 and 漢\"").Text.ShouldBe("😀 and 漢");
    }

    [Theory]
    [InlineData("{a,b}")]
    [InlineData("{a b}")]
    [InlineData(",,{,a,,b,},,")]
    [InlineData("\uFEFF{\uFEFFa\uFEFF b}")]
    [InlineData("{a#c\nb}")]
    [InlineData("{a#c\r\nb}")]
    [InlineData("{a#c\rb}")]
    [InlineData("{\ta\t\tb\t}")]
    public void Read_IgnoredTokens_SeparateTokensAnywhere(string text)
    {
        SelectionParser.Parse(text).ToIncludeString().ShouldBe("[a,b]");
    }

    [Fact]
    public void Read_TokensWithoutSpaces_AreSplitAtPunctuators()
    {
        var tree = SelectionParser.Parse("query Q($v:[Int!]!=[1]){x:a(b:$v,c:\"s\"d:{e:1})@include(if:true){...F}}fragment F on T{z}");

        tree.ToIncludeString().ShouldBe("[x:a(b: [1], c: \"s\", d: {e: 1})[...on T[z]]]");
    }
}

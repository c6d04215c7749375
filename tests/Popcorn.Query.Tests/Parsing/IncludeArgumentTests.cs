namespace Popcorn.Query.Tests.Parsing;

/// <summary>
/// The include syntax's arguments are read by the GraphQL-like syntax's own value reader: both syntaxes accept the same
/// literals, word each mistake the same way, and the include parser goes on after the ')' at the exact line and column.
/// </summary>
public class IncludeArgumentTests
{
    [Theory]
    [InlineData("n: 01", "Invalid number: a number cannot have a leading zero.")]
    [InlineData("n: -x", "Invalid number: expected a digit after '-' but found 'x'")]
    [InlineData("n: 1.", "Invalid number: expected a digit after '.' but found ')'.")]
    [InlineData("n: 12abc", "Invalid number: unexpected 'a' after '12'.")]
    [InlineData("s: \"open", "Unterminated string: expected a closing '\"'.")]
    [InlineData("s: \"\\q\"", "Invalid escape sequence '\\q'.")]
    [InlineData("s: \"\\u12G4\"", "Invalid '\\u' escape: expected four hex digits, or hex digits in braces ('\\u{1F600}').")]
    [InlineData("x: 1, x: 2", "The argument 'x' is given twice.")]
    [InlineData("x: {y: 1, y: 2}", "The field 'y' is given twice in one object value.")]
    [InlineData("x: [1, 2", "Expected a value but found ')'.")]
    [InlineData("x: __secret", "Names starting with '__' are reserved: '__secret'.")]
    [InlineData("", "Expected a name but found ')': an argument list cannot be empty.")]
    public void Parse_SameArgumentMistake_SameMessageAndColumnInBothSyntaxes(string arguments, string detail)
    {
        var include = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseInclude($"[a({arguments})]"));
        var graphQL = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseGraphQL($"{{a({arguments})}}"));

        include.Detail.ShouldStartWith(detail);
        graphQL.Detail.ShouldBe(include.Detail);
        graphQL.Kind.ShouldBe(include.Kind);
        include.Column.ShouldBe(graphQL.Column);
    }

    [Fact]
    public void Parse_BlockStringArgument_IsReadAsInGraphQL()
    {
        var tree = SelectionParser.ParseInclude("[a(s: \"\"\"\n    one\n      two\n  \"\"\")]");

        tree.Properties[0].Arguments[0].Value.ShouldBe(QueryValue.String("one\n  two"));
    }

    [Fact]
    public void Parse_AfterArgumentsSpanningLines_PositionsStayExact()
    {
        string text = "[a(s: \"\"\"x\ny\"\"\",\n  n: 1),\n  b[c],\n  -d[e]]";

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseInclude(text));

        (error.Line, error.Column).ShouldBe((5, 5));
        SelectionParser.ParseInclude("[a(s: \"\"\"x\ny\"\"\",\n  n: 1),\n  b[c]]").Properties[1].Location.ShouldBe(new SourceLocation(28, 4, 3));
    }

    [Theory]
    [InlineData("[a(x: $v)]", 1, 7, "Variables ('$name') are only available in the GraphQL-like syntax.")]
    [InlineData("[a(x: 1 # no comments here\n)]", 1, 9, "Unexpected character '#'.")]
    public void Parse_GraphQLOnlyConstructInArguments_IsRefused(string text, int line, int column, string detail)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseInclude(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Detail.ShouldBe(detail);
        (error.Line, error.Column).ShouldBe((line, column));
    }
}

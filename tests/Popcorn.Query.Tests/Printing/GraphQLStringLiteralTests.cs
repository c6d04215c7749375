using System.Text;

namespace Popcorn.Query.Tests.Printing;

/// <summary>
/// The one GraphQL string escaper (selection prints and the gateway's SDL share it): graphql-js's escapes, a surrogate
/// pair as it is, a lone surrogate escaped, and what it prints reads back as the same text.
/// </summary>
public class GraphQLStringLiteralTests
{
    [Theory]
    [InlineData("plain", "\"plain\"")]
    [InlineData("say \"hi\" \\ bye", "\"say \\\"hi\\\" \\\\ bye\"")]
    [InlineData("a\nb\rc\td\be\ff", "\"a\\nb\\rc\\td\\be\\ff\"")]
    [InlineData("bell\u0007", "\"bell\\u0007\"")]
    [InlineData("del\u007F next\u0085 c1\u009F", "\"del\\u007F next\\u0085 c1\\u009F\"")]
    [InlineData("caf\u00E9 \u00A0", "\"caf\u00E9 \u00A0\"")]
    [InlineData("smile \U0001F600", "\"smile \U0001F600\"")]
    public void Append_Text_EscapesAsGraphQLJsPrintsIt(string text, string expected)
    {
        var builder = new StringBuilder();
        GraphQLStringLiteral.Append(builder, text);
        builder.ToString().ShouldBe(expected);
    }

    [Fact]
    public void Append_LoneSurrogate_IsEscapedSinceNoDocumentCanHoldIt()
    {
        // Built in code: a lone surrogate does not survive as test-case data.
        var builder = new StringBuilder();
        GraphQLStringLiteral.Append(builder, "lone " + (char)0xD83D + " end " + (char)0xDE00);
        builder.ToString().ShouldBe("\"lone \\uD83D end \\uDE00\"");
    }

    [Theory]
    [InlineData("say \"hi\" \\ bye")]
    [InlineData("a\nb\rc\td\be\ff\u0001\u007F\u0085")]
    [InlineData("smile \U0001F600 caf\u00E9")]
    public void PrintGraphQL_StringArgument_ReadsBackAsTheSameText(string text)
    {
        var tree = SelectionParser.Parse("{ items(where: { name: { eq: " + Literal(text) + " } }) { id } }");

        string printed = SelectionPrinter.PrintGraphQL(tree);

        printed.ShouldContain(Literal(text));
        SelectionParser.Parse(printed).ShouldBe(tree);
        SelectionParser.Parse(SelectionPrinter.PrintInclude(tree)).ShouldBe(tree);
    }

    private static string Literal(string text)
    {
        var builder = new StringBuilder();
        GraphQLStringLiteral.Append(builder, text);
        return builder.ToString();
    }
}

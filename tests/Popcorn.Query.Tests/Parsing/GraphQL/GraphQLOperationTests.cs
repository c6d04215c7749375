namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLOperationTests
{
    private const string TwoQueries = "query A { a } query B { b }";

    [Theory]
    [InlineData("A", "[a]")]
    [InlineData("B", "[b]")]
    public void Parse_OperationName_ChoosesTheOperation(string operationName, string expected)
    {
        SelectionParser.Parse(TwoQueries, operationName: operationName).ToIncludeString().ShouldBe(expected);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    public void Parse_SingleOperation_NeedsNoName(string? operationName)
    {
        SelectionParser.Parse("query A { a }", operationName: operationName).ToIncludeString().ShouldBe("[a]");
    }

    [Fact]
    public void Parse_AnonymousQueryKeyword_IsAccepted()
    {
        SelectionParser.Parse("query { a }").ToIncludeString().ShouldBe("[a]");
        SelectionParser.Parse("query ($v: Int = 1) { a(x: $v) }").ToIncludeString().ShouldBe("[a(x: 1)]");
    }

    [Theory]
    [InlineData("mutation { like }", 1, 1, "Only query operations are supported; 'mutation' is not")]
    [InlineData("subscription S { ticks }", 1, 1, "Only query operations are supported; 'subscription' is not")]
    [InlineData("query A { a }\nmutation B { b }", 2, 1, "Only query operations are supported")]
    public void Parse_MutationOrSubscription_IsRejected(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Theory]
    [InlineData(TwoQueries, null, 1, 15, "The document has 2 operations; pass operationName to choose the one to run")]
    [InlineData(TwoQueries, "C", 1, 1, "The document has no operation named 'C'")]
    [InlineData("{ a }", "A", 1, 1, "The document has no operation named 'A'")]
    [InlineData("{ a } query B { b }", "B", 1, 1, "An anonymous query must be the only operation in the document")]
    [InlineData("query A { a } query A { b }", "A", 1, 15, "The operation name 'A' is used twice")]
    public void Parse_AmbiguousOrUnknownOperation_IsRejected(string text, string? operationName, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, operationName: operationName));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_QueryAndFragmentKeywords_RouteToTheGraphQLParser()
    {
        SelectionParser.DetectSyntax("  query { a }").ShouldBe(SelectionSyntax.GraphQL);
        SelectionParser.Parse("fragment F on T { a } { ...F }").ToIncludeString().ShouldBe("[...on T[a]]");
    }
}

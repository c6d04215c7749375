namespace Popcorn.Query.Tests.Parsing;

/// <summary>
/// The include parser looks for whitespace after an item only when the item is not followed by ',' or ']' at once,
/// and meets a trailing comma's ']' where an item should start: both must read and fail exactly as before.
/// </summary>
public class SeparatorTests
{
    [Theory]
    [InlineData("[a,b]")]
    [InlineData("[a ,b]")]
    [InlineData("[a\n,\nb\n]")]
    [InlineData("[ a , b ]")]
    [InlineData("[a\t,b\t]")]
    [InlineData("[a[x] , b[y] ]")]
    public void Parse_WhitespaceAroundSeparators_IsSkipped(string text)
    {
        SelectionParser.Parse(text).Properties.Select(p => p.Name).ShouldBe(new[] { "a", "b" });
    }

    [Theory]
    [InlineData("[a,]", 3)]
    [InlineData("[a, ]", 4)]
    [InlineData("[a,\n]", 4)]
    [InlineData("[a[x,],b]", 5)]
    public void Parse_TrailingComma_IsReportedAtTheBracket(string text, int offset)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain("comma", Case.Insensitive);
        SourceLocation.At(text, offset).Column.ShouldBe(error.Column);
        SourceLocation.At(text, offset).Line.ShouldBe(error.Line);
    }

    [Fact]
    public void Parse_TrailingCommaAtTheFieldLimit_IsStillATrailingComma()
    {
        var options = new SelectionParserOptions { MaxFields = 2 };

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("[a,b,]", options));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("[a,b,c]", options)).Kind.ShouldBe(QueryErrorKind.LimitExceeded);
    }

    [Theory]
    [InlineData("[a b]", 3)]
    [InlineData("[a\nb]", 3)]
    [InlineData("[a;b]", 2)]
    [InlineData("[a", 2)]
    [InlineData("[a ", 3)]
    public void Parse_NoSeparatorAfterAnItem_IsReportedWhereOneShouldBe(string text, int offset)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        SourceLocation.At(text, offset).Column.ShouldBe(error.Column);
    }
}

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

/// <summary>
/// The GraphQL-like fast path builds a plain field (a name alone or with a selection set) at once and sends anything
/// else (an alias, a directive, arguments, a name starting with '_') down its general path: both give the include
/// syntax's tree for the same selection.
/// </summary>
public class ShorthandFieldShapeTests
{
    [Theory]
    [InlineData("{ a b { c } }", "[a,b[c]]")]
    [InlineData("{ _x _y { c } }", "[_x,_y[c]]")]
    [InlineData("{ __default a }", "[!default,a]")]
    [InlineData("{ k: a { c } }", "[k:a[c]]")]
    [InlineData("{ a @optional { c } }", "[?a[c]]")]
    [InlineData("{ a @exclude b }", "[-a,b]")]
    [InlineData("{ k: _x }", "[k:_x]")]
    [InlineData("{ a(first: 2) { c } }", "[a(first: 2)[c]]")]
    public void Parse_EveryFieldShape_GivesTheIncludeTree(string graphQL, string include)
    {
        var expected = SelectionParser.Parse(include).Properties;

        var actual = SelectionParser.Parse(graphQL).Properties;

        actual.ShouldBe(expected);
        actual.Select(p => p.Location.Column).ShouldAllBe(column => column > 1);
    }

    [Theory]
    [InlineData("{ a __x }", 5)]
    [InlineData("{ a { __x } }", 7)]
    [InlineData("{ __x: a }", 3)]
    public void Parse_ReservedNames_AreRefusedWhereTheyStart(string text, int offset)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Column.ShouldBe(offset);
    }
}

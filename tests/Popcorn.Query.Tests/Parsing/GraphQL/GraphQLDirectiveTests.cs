using System.Text.Json;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLDirectiveTests
{
    private static JsonElement Json(string json) => JsonDocument.Parse(json).RootElement;

    [Theory]
    [InlineData("{ a @include(if: true) b }", "[a,b]")]
    [InlineData("{ a @include(if: false) b }", "[b]")]
    [InlineData("{ a @skip(if: true) b }", "[b]")]
    [InlineData("{ a @skip(if: false) b }", "[a,b]")]
    [InlineData("{ a @include(if: true) @skip(if: true) b }", "[b]")]
    [InlineData("{ a @skip(if: false) @include(if: true) b }", "[a,b]")]
    [InlineData("{ ...F @skip(if: true) b } fragment F on T { a }", "[b]")]
    [InlineData("{ ... @include(if: false) { a } b }", "[b]")]
    [InlineData("{ ... on T @include(if: true) { a } b }", "[...on T[a],b]")]
    [InlineData("{ m { a @skip(if: true) } }", "[m]")]
    [InlineData("{ __all @include(if: true) __full @skip(if: true) }", "[!all]")]
    public void Parse_IncludeAndSkipLiterals_AreApplied(string text, string expected)
    {
        SelectionParser.Parse(text).ToIncludeString().ShouldBe(expected);
    }

    [Theory]
    [InlineData("""{"show": true, "hide": true}""", "[a]")]
    [InlineData("""{"show": false, "hide": false}""", "[...on T[b]]")]
    [InlineData("""{"show": true}""", "[a,...on T[b]]")]
    public void Parse_IncludeAndSkipVariables_AreApplied(string variables, string expected)
    {
        var tree = SelectionParser.Parse(
            "query Q($show: Boolean!, $hide: Boolean = false) { a @include(if: $show) ...F @skip(if: $hide) } fragment F on T { b }",
            variables: Json(variables));

        tree.ToIncludeString().ShouldBe(expected);
    }

    [Theory]
    [InlineData("{ a @deprecated }", 1, 5, "Unknown directive '@deprecated': only @include, @skip, @exclude and @optional are supported")]
    [InlineData("{ a @include }", 1, 5, "The directive '@include' needs its 'if' argument")]
    [InlineData("{ a @skip(unless: true) }", 1, 11, "The directive '@skip' takes only 'if'")]
    [InlineData("{ a @include(if: 1) }", 1, 18, "The 'if' of '@include' must be true, false or a Boolean variable")]
    [InlineData("{ a @include(if: \"true\") }", 1, 18, "must be true, false or a Boolean variable")]
    [InlineData("{ a @include(if: true) @include(if: true) }", 1, 24, "The directive '@include' is used twice on one selection")]
    [InlineData("{ a @exclude(really: true) }", 1, 14, "The directive '@exclude' takes no arguments")]
    [InlineData("{ ...F @exclude } fragment F on T { a }", 1, 8, "'@exclude' can only be used on a field")]
    [InlineData("{ ... @optional { a } }", 1, 7, "'@optional' can only be used on a field")]
    [InlineData("query Q @include(if: true) { a }", 1, 9, "The directive '@include' cannot be used on an operation")]
    [InlineData("query Q @live { a }", 1, 9, "Unknown directive '@live'")]
    [InlineData("{ ...F } fragment F on T @skip(if: true) { a }", 1, 26, "cannot be used on a fragment definition; put it on the spread")]
    [InlineData("query Q($v: Int @optional) { a(x: $v) }", 1, 17, "cannot be used on a variable definition")]
    [InlineData("{ a @skip(if: true) @bogus }", 1, 21, "Unknown directive '@bogus'")]
    public void Parse_MisusedDirective_ReportsColumn(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_UnknownDirective_ReportsColumn()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("{\n  id\n  name @upper\n}"));

        error.Message.ShouldBe("Unknown directive '@upper': only @include, @skip, @exclude and @optional are supported. (line 3, column 8)");
    }

    [Theory]
    [InlineData("{ __all @exclude }", 1, 9, "'__all' cannot be excluded or optional")]
    [InlineData("{ __default @optional }", 1, 13, "'__default' cannot be excluded or optional")]
    [InlineData("{ x: __all }", 1, 3, "'__all' takes no alias, arguments or children")]
    [InlineData("{ __full(depth: 2) }", 1, 10, "'__full' takes no alias, arguments or children")]
    [InlineData("{ __all { id } }", 1, 9, "'__all' takes no alias, arguments or children")]
    [InlineData("{ boss: manager @exclude }", 1, 3, "A field with @exclude takes no alias, arguments or children: write 'manager @exclude'")]
    [InlineData("{ manager(id: 1) @exclude }", 1, 11, "A field with @exclude takes no alias")]
    [InlineData("{ manager @exclude { name } }", 1, 20, "A field with @exclude takes no alias")]
    [InlineData("{ email @exclude @optional }", 1, 18, "A field cannot be both @exclude and @optional")]
    public void Parse_ModifierOnTheWrongShape_IsRejected(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_MistakeOnASkippedField_IsStillReported()
    {
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("{ a @skip(if: true) @exclude @optional b }"));
    }

    [Fact]
    public void Parse_WholeSelectionSkipped_MeansDefaults()
    {
        SelectionParser.Parse("{ a @skip(if: true) }").IsDefault.ShouldBeTrue();
    }
}

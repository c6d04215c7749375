namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>Malformed documents: each error says what was expected and where (1-based line and column).</summary>
public class GraphQLSyntaxErrorTests
{
    [Theory]
    [InlineData("query {}", 1, 8, "Expected a name but found '}': a selection set cannot be empty")]
    [InlineData("{ a { } }", 1, 7, "Expected a name but found '}'")]
    [InlineData("{ id", 1, 5, "Unexpected end of query: expected '}' to close the '{' at line 1, column 1")]
    [InlineData("{ a {\n  b\n", 3, 1, "expected '}' to close the '{' at line 1, column 5")]
    [InlineData("{ a } }", 1, 7, "Expected '{', 'query' or 'fragment' but found '}'")]
    [InlineData("# only a comment", 1, 17, "Unexpected end of query: expected '{', 'query' or 'fragment'")]
    [InlineData("employees { id }", 1, 1, "Expected '{', 'query' or 'fragment' but found 'employees'")]
    [InlineData("{ a: }", 1, 6, "Expected a name but found '}'")]
    [InlineData("{ a() }", 1, 5, "Expected a name but found ')': an argument list cannot be empty")]
    [InlineData("{ a(x) }", 1, 6, "Expected ':' but found ')'")]
    [InlineData("{ a(x: ) }", 1, 8, "Expected a value but found ')'")]
    [InlineData("{ a(x: [1, 2 }", 1, 14, "Expected a value but found '}'")]
    [InlineData("{ a(x: [1", 1, 10, "Unexpected end of query: expected a value or ']'")]
    [InlineData("{ a(x: {y}) }", 1, 10, "Expected ':' but found '}'")]
    [InlineData("{ !all }", 1, 3, "write the wildcards as '__all', '__default' and '__full'")]
    [InlineData("{ id [name] }", 1, 6, "Expected a name but found '['")]
    [InlineData("{ ... }", 1, 7, "Expected a fragment name, 'on', '@' or '{' after '...' but found '}'")]
    [InlineData("{ ...on }", 1, 9, "Expected a type name but found '}'")]
    [InlineData("{ a @ }", 1, 7, "Expected a directive name after '@' but found '}'")]
    [InlineData("query Q($v Int) { a }", 1, 12, "Expected ':' but found 'Int'")]
    [InlineData("query Q() { a }", 1, 9, "a variable list cannot be empty")]
    [InlineData("query Q($v: ) { a }", 1, 13, "Expected a type but found ')'")]
    [InlineData("query Q($v: [Int) { a }", 1, 17, "Expected ']' but found ')'")]
    [InlineData("query Q(v: Int) { a }", 1, 9, "Expected a variable ('$name') or ')' but found 'v'")]
    [InlineData("query Q { a(x: $) }", 1, 17, "Expected a variable name after '$' but found ')'")]
    [InlineData("query Q", 1, 8, "Unexpected end of query: expected '{'")]
    [InlineData("fragment F { a }", 1, 12, "Expected 'on' but found '{'")]
    [InlineData("fragment on on T { a } { ...on }", 1, 10, "A fragment cannot be named 'on'")]
    [InlineData("{ a & b }", 1, 5, "Expected a name but found '&'")]
    public void Parse_MalformedDocument_ReportsPosition(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
        error.Excerpt.Length.ShouldBeLessThanOrEqualTo(PopcornQueryException.MaxExcerptLength);
    }

    [Theory]
    [InlineData("{ a(s: \"open) }", 1, 8, "Unterminated string")]
    [InlineData("{ a(s: \"one\ntwo\") }", 1, 8, "a string cannot span lines")]
    [InlineData("{ a(s: \"\"\"open) }", 1, 8, "Unterminated block string")]
    [InlineData("{ a(s: \"\\q\") }", 1, 9, "Invalid escape sequence '\\q'")]
    [InlineData("{ a(s: \"\\u12G4\") }", 1, 9, "Invalid '\\u' escape: expected four hex digits")]
    [InlineData("{ a(s: \"\\u12\") }", 1, 9, "Invalid '\\u' escape")]
    [InlineData("{ a(s: \"\\", 1, 9, "Unterminated string")]
    [InlineData("{ a\u0000 }", 1, 4, "Invalid character U+0000 in a query")]
    [InlineData("{ a(n: 01) }", 1, 8, "a number cannot have a leading zero")]
    [InlineData("{ a(n: -01) }", 1, 8, "a number cannot have a leading zero")]
    [InlineData("{ a(n: 1.) }", 1, 10, "expected a digit after '.' but found ')'")]
    [InlineData("{ a(n: .5) }", 1, 8, "Unexpected character '.': did you mean '...'?")]
    [InlineData("{ a(n: 1e) }", 1, 10, "expected a digit in the exponent")]
    [InlineData("{ a(n: 1e+) }", 1, 11, "expected a digit in the exponent")]
    [InlineData("{ a(n: 12abc) }", 1, 10, "Invalid number: unexpected 'a' after '12'")]
    [InlineData("{ a(n: 1.5.2) }", 1, 11, "Invalid number: unexpected '.' after '1.5'")]
    [InlineData("{ a(n: 0x1F) }", 1, 9, "unexpected 'x' after '0'")]
    [InlineData("{ a(n: -) }", 1, 9, "expected a digit after '-' but found ')'")]
    [InlineData("{ a(n: 1", 1, 9, "Unexpected end of query: expected an argument name or ')'")]
    [InlineData("{ -email }", 1, 4, "to remove a field, write 'name @exclude'")]
    [InlineData("{ ?nickname }", 1, 3, "write 'name @optional' instead of '?name'")]
    [InlineData("{ a(s: 'x') }", 1, 8, "strings are written in double quotes")]
    [InlineData("{ a .. }", 1, 5, "did you mean '...'?")]
    [InlineData("{ é }", 1, 3, "Unexpected character 'é'")]
    public void Parse_MalformedToken_ReportsPosition(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_LoneSurrogateOutsideAString_ReportsItsCodePoint()
    {
        // Not an InlineData: xunit's serialization would turn the lone surrogate into U+FFFD.
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("{ a \uD800 }"));

        error.Message.ShouldContain("Unexpected character U+D800");
        (error.Line, error.Column).ShouldBe((1, 5));
    }

    [Theory]
    [InlineData("{ __schema { types { name } } }")]
    [InlineData("{ t: __type(name: \"Car\") { name } }")]
    [InlineData("[__schema[queryType[name]]]")]
    public void Parse_IntrospectionMetaFields_AreNotReserved(string text)
    {
        // GraphQL's meta-fields parse in both syntaxes; only the gateway's query type answers them.
        SelectionParser.Parse(text).Properties.Single().Name.ShouldStartWith("__");
    }

    [Theory]
    [InlineData("{ __secret }", 1, 3)]
    [InlineData("{ __schemas { types } }", 1, 3)]
    [InlineData("{ __x: id }", 1, 3)]
    [InlineData("{ __all: id }", 1, 3)]
    [InlineData("{ a(__x: 1) }", 1, 5)]
    [InlineData("{ a(x: {__y: 1}) }", 1, 9)]
    [InlineData("{ a(x: __Y) }", 1, 8)]
    [InlineData("{\n  a {\n    __secret\n  }\n}", 3, 5)]
    public void Parse_ReservedName_IsRejected(string text, int line, int column)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.Syntax);
        error.Message.ShouldContain("Names starting with '__' are reserved");
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Theory]
    [InlineData("{ __all: x }")]
    [InlineData("{ __typename }")]
    [InlineData("{ t: __typename }")]
    public void Parse_TypeNameAndReservedAliases_FollowTheIncludeSyntaxRules(string text)
    {
        // The same names are accepted or refused in both syntaxes, so every tree prints in both.
        var include = text.Replace("{ ", "[").Replace(" }", "]");
        var graphQL = Record.Exception(() => SelectionParser.Parse(text));
        var includeError = Record.Exception(() => SelectionParser.Parse(include));

        (graphQL is null).ShouldBe(includeError is null);
    }

    [Theory]
    [InlineData("{ a(x: 1, x: 2) }", 1, 11, "The argument 'x' is given twice")]
    [InlineData("{ a(x: {y: 1, y: 2}) }", 1, 15, "The field 'y' is given twice in one object value")]
    [InlineData("query Q($v: Int, $v: Int) { a(x: $v) }", 1, 18, "The variable '$v' is declared twice")]
    [InlineData("query Q($v: Int = $w) { a(x: $v) }", 1, 19, "A variable cannot be used here")]
    public void Parse_DuplicateOrMisplacedNames_AreRejected(string text, int line, int column, string message)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text));

        error.Kind.ShouldBe(QueryErrorKind.InvalidSelection);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_ErrorAfterCrLfLines_CountsEachLineOnce()
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse("{\r\n  a\r\n  b(\r\n}"));

        (error.Line, error.Column).ShouldBe((4, 1));
    }
}

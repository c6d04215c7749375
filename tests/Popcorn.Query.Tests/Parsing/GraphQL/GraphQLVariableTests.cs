using System.Text.Json;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

public class GraphQLVariableTests
{
    private static JsonElement Json(string json) => JsonDocument.Parse(json).RootElement;

    private static PopcornQueryException Reject(string text, string? variables = null) =>
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(text, variables: variables is null ? default : Json(variables)));

    [Fact]
    public void Parse_Variables_AreReplacedByTheirJsonValues()
    {
        var tree = SelectionParser.Parse(
            "query Q($id: ID!, $f: Float, $tags: [String], $where: Filter, $big: Int) { employee(id: $id, f: $f, tags: $tags, where: $where, nested: {a: [$id, 1]}, big: $big) { id } }",
            variables: Json("""{"id": 7, "f": 1.5, "tags": ["x", "y\n"], "where": {"min": 1, "ok": true, "none": null}, "big": 2147483647}"""));

        tree.ToIncludeString().ShouldBe(
            "[employee(id: 7, f: 1.5, tags: [\"x\", \"y\\n\"], where: {min: 1, ok: true, none: null}, nested: {a: [7, 1]}, big: 2147483647)[id]]");
    }

    [Fact]
    public void Parse_VariableWithoutValue_UsesTheDeclaredDefault()
    {
        var tree = SelectionParser.Parse("query Q($first: Int = 10, $order: [Order!] = [NAME]) { list(first: $first, order: $order) }");

        tree.ToIncludeString().ShouldBe("[list(first: 10, order: [NAME])]");
    }

    [Fact]
    public void Parse_GivenValue_WinsOverTheDefault()
    {
        var tree = SelectionParser.Parse("query Q($first: Int = 10) { list(first: $first) }", variables: Json("""{"first": 3}"""));

        tree.ToIncludeString().ShouldBe("[list(first: 3)]");
    }

    [Fact]
    public void Parse_ExplicitNull_IsKeptAsNull()
    {
        var tree = SelectionParser.Parse("query Q($first: Int = 10) { list(first: $first) }", variables: Json("""{"first": null}"""));

        tree.ToIncludeString().ShouldBe("[list(first: null)]");
    }

    [Fact]
    public void Parse_NullableVariableWithNoValue_LeavesTheArgumentOut()
    {
        // GraphQL treats an argument whose variable has no value as never passed; in a list it is null, in an object it is left out.
        var tree = SelectionParser.Parse("query Q($a: Int) { f(x: $a, y: 1, l: [$a], o: {p: $a, q: 2}) }");

        tree.ToIncludeString().ShouldBe("[f(y: 1, l: [null], o: {q: 2})]");
    }

    [Fact]
    public void Parse_SingleValueForAListType_BecomesAListOfOne()
    {
        var tree = SelectionParser.Parse("query Q($ids: [Int!]!) { f(ids: $ids) }", variables: Json("""{"ids": 5}"""));

        tree.ToIncludeString().ShouldBe("[f(ids: [5])]");
    }

    [Fact]
    public void Parse_VariablesInFragments_AreSubstituted()
    {
        var tree = SelectionParser.Parse(
            "query Q($n: Int!) { ...F } fragment F on T { list(first: $n) }",
            variables: Json("""{"n": 2}"""));

        tree.ToIncludeString().ShouldBe("[...on T[list(first: 2)]]");
    }

    [Theory]
    [InlineData(JsonValueKind.Undefined)]
    [InlineData(JsonValueKind.Null)]
    public void Parse_NoVariables_IsTheSameAsAnEmptyObject(JsonValueKind kind)
    {
        var variables = kind == JsonValueKind.Null ? Json("null") : default;

        SelectionParser.Parse("query Q($a: Int = 1) { f(x: $a) }", variables: variables).ToIncludeString().ShouldBe("[f(x: 1)]");
    }

    [Fact]
    public void Parse_ExtraVariables_AreIgnored()
    {
        SelectionParser.Parse("{ a }", variables: Json("""{"unused": 1}""")).ToIncludeString().ShouldBe("[a]");
    }

    [Theory]
    [InlineData("[1]", "an array")]
    [InlineData("\"x\"", "a string")]
    [InlineData("3", "a number")]
    [InlineData("true", "a Boolean")]
    public void Parse_VariablesThatAreNotAnObject_AreRejected(string variables, string description)
    {
        var error = Reject("{ a }", variables);

        error.Kind.ShouldBe(QueryErrorKind.InvalidVariable);
        error.Message.ShouldContain($"The variables must be a JSON object, not {description}");
        (error.Line, error.Column).ShouldBe((1, 1));
    }

    [Theory]
    [InlineData("{ a(x: $v) }", null, 1, 8, "The variable '$v' is not declared by the query")]
    [InlineData("query Q { ...F } fragment F on T {\n  a(x: [$v]) }", null, 2, 9, "The variable '$v' is not declared by the query 'Q'")]
    [InlineData("query Q { a @skip(if: $hide) }", null, 1, 23, "The variable '$hide' is not declared")]
    [InlineData("query Q($v: Int) { a }", null, 1, 9, "The variable '$v' is declared but never used")]
    [InlineData("query Q($v: Int!) { a(x: $v) }", null, 1, 9, "The variable '$v' of type 'Int!' needs a value: none was given and it has no default")]
    [InlineData("query Q($v: Int!) { a(x: $v) }", """{"v": null}""", 1, 9, "The variable '$v' of type 'Int!' cannot be null")]
    [InlineData("query Q($v: [Int!]) { a(x: $v) }", """{"v": [1, null]}""", 1, 9, "The variable '$v' of type '[Int!]' cannot be null")]
    [InlineData("query Q($v: Int) { a(x: $v) }", """{"v": "7"}""", 1, 9, "The variable '$v' of type 'Int' was given \"7\", which is not a valid Int")]
    [InlineData("query Q($v: Int) { a(x: $v) }", """{"v": 3000000000}""", 1, 9, "which is not a valid Int")]
    [InlineData("query Q($v: Float) { a(x: $v) }", """{"v": true}""", 1, 9, "which is not a valid Float")]
    [InlineData("query Q($v: String) { a(x: $v) }", """{"v": 1}""", 1, 9, "which is not a valid String")]
    [InlineData("query Q($v: ID) { a(x: $v) }", """{"v": 1.5}""", 1, 9, "which is not a valid ID")]
    [InlineData("query Q($v: Boolean) { a(x: $v) }", """{"v": "yes"}""", 1, 9, "which is not a valid Boolean")]
    [InlineData("query Q($v: Int = \"ten\") { a(x: $v) }", null, 1, 19, "The variable '$v' of type 'Int' has the default \"ten\", which is not a valid Int")]
    [InlineData("query Q($v: Int! = null) { a(x: $v) }", null, 1, 20, "cannot be null")]
    [InlineData("query Q($b: Int) { a @include(if: $b) }", """{"b": 1}""", 1, 35, "The variable '$b' is declared as 'Int', but '@include(if:)' needs a Boolean")]
    [InlineData("query Q($b: Boolean) { a @skip(if: $b) }", null, 1, 36, "The variable '$b' has no value, but '@skip(if:)' needs true or false")]
    [InlineData("query Q($b: Boolean) { a @skip(if: $b) }", """{"b": null}""", 1, 36, "has no value")]
    public void Parse_BadVariable_ReportsInvalidVariable(string text, string? variables, int line, int column, string message)
    {
        var error = Reject(text, variables);

        error.Kind.ShouldBe(QueryErrorKind.InvalidVariable);
        error.Message.ShouldContain(message);
        (error.Line, error.Column).ShouldBe((line, column));
    }

    [Fact]
    public void Parse_CustomTypes_PassTheirValuesAsGiven()
    {
        var tree = SelectionParser.Parse("query Q($s: Status, $when: DateTime) { a(s: $s, w: $when) }", variables: Json("""{"s": "ACTIVE", "when": "2024-01-01"}"""));

        tree.ToIncludeString().ShouldBe("[a(s: \"ACTIVE\", w: \"2024-01-01\")]");
    }

    [Fact]
    public void Parse_TheTree_HasNoVariablesLeft()
    {
        var tree = SelectionParser.Parse("query Q($v: String = \"$v\") { a(x: $v) }");

        tree.Properties.Single().Arguments.Single().Value.ShouldBe(QueryValue.String("$v"));
    }
}

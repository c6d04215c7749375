using System.Text;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>
/// Found by the fuzzer: System.Text.Json reads a string lazily, so a variable holding an escaped lone surrogate or
/// invalid UTF-8 parses as JSON but throws <see cref="InvalidOperationException"/> when read. It escaped from
/// <see cref="SelectionParser.Parse"/> (and was a 500 at <c>/graphql</c>). Now it is an <see cref="QueryErrorKind.InvalidVariable"/>.
/// </summary>
public class VariableUnicodeTests
{
    private const string Query = "query Q($v: Filter) { a(x: $v) }";

    [Theory]
    [InlineData("""{"v": "\ud800"}""")]
    [InlineData("""{"v": "\udc00 trailing"}""")]
    [InlineData("""{"v": ["ok", {"deep": "\ud83d"}]}""")]
    [InlineData("""{"\ud800": 1, "v": "ok"}""")]
    [InlineData("""{"v": {"\udfff": 1}}""")]
    public void Parse_VariableWithALoneSurrogate_IsAnInvalidVariable(string variables)
    {
        using var json = JsonDocument.Parse(variables);

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(Query, variables: json.RootElement));

        error.Kind.ShouldBe(QueryErrorKind.InvalidVariable);
        error.Detail.ShouldContain("not valid Unicode");
    }

    [Fact]
    public void Parse_VariableWithInvalidUtf8_IsAnInvalidVariable()
    {
        byte[] body = [.. Encoding.UTF8.GetBytes("""{"v": "a"""), 0xFF, 0xFE, .. Encoding.UTF8.GetBytes("\"}")];
        using var json = JsonDocument.Parse(body);

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(Query, variables: json.RootElement));

        error.Kind.ShouldBe(QueryErrorKind.InvalidVariable);
    }

    [Fact]
    public void Parse_VariableObjectWithADuplicateField_IsAnInvalidVariable()
    {
        // Found by the fuzzer's round-trip check: the tree held {a: 1, a: 2}, which no literal may, so its GraphQL print did not parse.
        using var json = JsonDocument.Parse("""{"v": {"a": 1, "a": 2}}""");

        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(Query, variables: json.RootElement));

        error.Kind.ShouldBe(QueryErrorKind.InvalidVariable);
        error.Detail.ShouldContain("'a' twice");
    }

    [Fact]
    public void Parse_ValidVariables_StillBind()
    {
        using var json = JsonDocument.Parse("""{"v": {"a": ["é\ud83d\ude00", null, 1.5], "b": {"c": true}}}""");

        var tree = SelectionParser.Parse(Query, variables: json.RootElement);

        // Printed as graphql-js prints strings: a character outside the BMP as it is (docs/graphql-syntax.md).
        tree.ToIncludeString().ShouldBe("""[a(x: {a: ["é😀", null, 1.5], b: {c: true}})]""");
    }
}

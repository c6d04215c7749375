using Popcorn.Query;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>
/// Found by the fuzzer's round-trip check: the include parser accepted an object value naming a field twice
/// (<c>{ok: 1, ok: 2}</c>), which the GraphQL-like syntax forbids (Input Object Field Uniqueness), so the tree's
/// GraphQL print did not parse back. Both syntaxes now refuse it.
/// </summary>
public class IncludeObjectValueTests
{
    [Theory]
    [InlineData("[a(where: {ok: 1, ok: 2})]")]
    [InlineData("[a(where: {min: -1.5e3, ok: true, none: null, ok: false})[!default]]")]
    [InlineData("[a(x: [{k: 1}, {k: 1, k: 1}])]")]
    public void ParseInclude_ObjectValueNamingAFieldTwice_IsRefused(string query)
    {
        var error = Should.Throw<PopcornQueryException>(() => SelectionParser.ParseInclude(query));

        error.Detail.ShouldContain("is given twice in one object value");
    }

    [Fact]
    public void ParseInclude_ObjectValueWithDistinctFields_RoundTripsThroughBothSyntaxes()
    {
        var tree = SelectionParser.ParseInclude("[a(where: {min: -1.5e3, ok: true, none: null}, x: [{k: 1}, {k: 2}])[!default]]");

        SelectionParser.ParseGraphQL(tree.ToGraphQLString()).ShouldBe(tree);
        SelectionParser.ParseInclude(tree.ToIncludeString()).ShouldBe(tree);
    }

    [Fact]
    public void ParseInclude_ArgumentGivenTwice_IsStillRefused()
    {
        Should.Throw<PopcornQueryException>(() => SelectionParser.ParseInclude("[a(x: 1, y: 2, x: 3)]")).Detail.ShouldContain("given twice");
    }
}

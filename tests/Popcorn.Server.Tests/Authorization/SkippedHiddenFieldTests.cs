using System.Net;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// A protected field named where the compiled plan never reaches it (under <c>@skip</c>/<c>@include</c>, in a skipped
/// inline fragment or fragment spread, in an unused fragment, skipped through a variable's default) is still refused
/// exactly like an unknown name for a caller its policy refuses; before, such a document was valid against the full
/// schema (200) while an unknown name was not (400), which told a caller the field existed.
/// </summary>
public class SkippedHiddenFieldTests(AccountsServer server) : IClassFixture<AccountsServer>
{
    public static TheoryData<string> Documents() => new()
    {
        "{ account(id: 1) { name creditLimit @skip(if: true) } }",
        "{ account(id: 1) { name creditLimit @include(if: false) } }",
        "{ account(id: 1) { name ... on Account @skip(if: true) { creditLimit } } }",
        "{ account(id: 1) { name ...F @include(if: false) } } fragment F on Account { creditLimit }",
        "{ account(id: 1) { name } } fragment F on Account { creditLimit }",
        "query($s: Boolean = true) { account(id: 1) { name creditLimit @skip(if: $s) } }",
    };

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task HiddenFieldTheDocumentSkips_IsAnsweredExactlyLikeAnUnknownOne(string document)
    {
        using var hidden = await server.GraphQLAsync(document);
        using var unknown = await server.GraphQLAsync(document.Replace("creditLimit", "creditLimiq", StringComparison.Ordinal));

        string hiddenText = await hidden.Content.ReadAsStringAsync();
        string unknownText = await unknown.Content.ReadAsStringAsync();
        hidden.StatusCode.ShouldBe(unknown.StatusCode, hiddenText);
        hiddenText.Replace("creditLimit", "NAME", StringComparison.Ordinal).ShouldBe(unknownText.Replace("creditLimiq", "NAME", StringComparison.Ordinal));
        hiddenText.ShouldContain("\"errors\"");
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task HiddenFieldTheDocumentSkips_IsValidForACallerWithTheRole(string document)
    {
        using var response = await server.GraphQLAsync(document, roles: "sales");

        string text = await response.Content.ReadAsStringAsync();
        // Valid, or refused for a reason of its own (the unused fragment), never for the field.
        text.ShouldNotContain("Cannot query field");
    }

    [Fact]
    public async Task DocumentNamingNoProtectedField_DecidesNoPolicy()
    {
        int sales = server.EvaluationsOf(AccountsServer.Sales);

        using var response = await server.GraphQLAsync("{ account(id: 1) { name # creditLimit in a comment\n } }");

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        server.EvaluationsOf(AccountsServer.Sales).ShouldBe(sales);
    }
}

using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.Hardening.Tests.Regressions;

/// <summary>
/// Found while hardening: <c>/popcorn/normalize</c> printed a fragment-expanded tree whole. A 6 KB query spreading
/// one 6,000-character name 2048 times answered 24.6 MB (two 12-million-character prints, about 100 MB of
/// allocations and 0.4 s of CPU per request). A normalized form may now be at most 16 times the query length limit.
/// </summary>
public class NormalizeAmplificationTests(TestHostServer host) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task Normalize_FragmentBomb_IsRefusedWithoutPrinting()
    {
        string query = "{ ...H } fragment H on T { " + Repeat("...G", 8) + " } fragment G on T { " + Repeat("...F", 16)
            + " } fragment F on T { " + Repeat("...E", 16) + " } fragment E on T { " + new string('x', 6_000) + " @optional }";

        using var response = await host.Client.GetAsync("/popcorn/normalize?query=" + Uri.EscapeDataString(query));
        string body = await response.Content.ReadAsStringAsync();

        ((int)response.StatusCode).ShouldBe(400);
        body.Length.ShouldBeLessThan(1_000);
        JsonNode.Parse(body)!["title"]!.GetValue<string>().ShouldBe("Query too large to normalize");
    }

    [Fact]
    public async Task Normalize_OrdinaryFragments_StillPrintBothForms()
    {
        const string query = "query { ...A ...A } fragment A on Employee { id manager { ...B } } fragment B on Employee { firstName }";

        using var response = await host.Client.GetAsync("/popcorn/normalize?query=" + Uri.EscapeDataString(query));
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        ((int)response.StatusCode).ShouldBe(200);
        body["include"]!.GetValue<string>().ShouldBe("[...on Employee[id,manager[...on Employee[firstName]]],...on Employee[id,manager[...on Employee[firstName]]]]");
    }

    private static string Repeat(string text, int count) => new StringBuilder().AppendJoin(' ', Enumerable.Repeat(text, count)).ToString();
}

using System.Text.Json.Nodes;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

/// <summary>The test host with a small persisted-query budget: 8 entries, 2 evictions a minute (one test: it fills it).</summary>
public sealed class SmallPersistedQueryBudgetServer : TestHostServer
{
    protected override string[] Arguments =>
        ["--Popcorn:PersistedQueryStore:MaxEntries=8", "--Popcorn:PersistedQueryStore:EvictionsPerMinute=2"];
}

/// <summary>
/// What the store of automatic persisted queries refuses to hold (docs/persisted-queries.md, "What the store holds"):
/// texts no request could run; REST selections, which are no GraphQL documents, are still kept.
/// </summary>
public class PersistedQueryBoundsTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    private const string NotFound = "PERSISTED_QUERY_NOT_FOUND";

    private PersistedQueryStore Store => server.Services.GetRequiredService<PersistedQueryStore>();

    [Fact]
    public async Task TextOverMaxLength_IsAnsweredWithTheLimit_AndNotStored()
    {
        // 8,193 characters: one past the default MaxLength, well under the 1 MiB body limit.
        string text = "{ cars { make } } #" + new string('x', 8 * 1024 - 18);
        text.Length.ShouldBe(8 * 1024 + 1);
        long bytes = Store.Budget.Bytes;

        var (status, body) = await PersistedQueryTests.PostAsync(server.Client, text, PersistedQueryTests.Sha256(text));
        var (_, byHash) = await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text));

        status.ShouldBe(400);
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("the limit is 8192");
        Code(byHash).ShouldBe(NotFound);
        Store.Budget.Bytes.ShouldBe(bytes);
    }

    [Theory]
    [InlineData("{ cars { make }")]
    [InlineData("[make[model")]
    [InlineData("query Q($id: Int!) { car(id: $id) { make } } }")]
    public async Task TextInNeitherSyntax_IsAnsweredWithItsSyntaxError_AndNotStored(string text)
    {
        text += " # " + Guid.NewGuid();

        var (status, body) = await PersistedQueryTests.PostAsync(server.Client, text, PersistedQueryTests.Sha256(text));
        var (_, byHash) = await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text));

        status.ShouldBe(400);
        body["errors"]![0]!["locations"].ShouldNotBeNull();
        Code(byHash).ShouldBe(NotFound);
    }

    [Fact]
    public async Task RestSelectionInIncludeSyntax_IsStoredThroughApq_AndServedToRestByHash()
    {
        // Not a GraphQL document (the gateway answers it with its own error), but a REST selection: it is kept.
        string text = "[firstName,lastName] ";
        string hash = PersistedQueryTests.Sha256(text);
        await PersistedQueryTests.PostAsync(server.Client, text, hash);

        var (status, _, body) = await server.GetAsync("/api/employees/1", include: "sha256:" + hash);
        body.ShouldNotContain("Unknown stored selection");

        status.ShouldBe(200);
        var employee = JsonNode.Parse(body)!.AsObject();
        (employee.ContainsKey("firstName"), employee.ContainsKey("lastName"), employee.ContainsKey("email")).ShouldBe((true, true, false));
    }

    private static string? Code(JsonNode body) => body["errors"]?[0]?["extensions"]?["code"]?.GetValue<string>();
}

/// <summary>Once the store's budget is full, a flood of new texts replaces at most the eviction rate's worth, least used first.</summary>
public class PersistedQueryBudgetTests(SmallPersistedQueryBudgetServer server) : IClassFixture<SmallPersistedQueryBudgetServer>
{
    private PersistedQueryStore Store => server.Services.GetRequiredService<PersistedQueryStore>();

    [Fact]
    public async Task FloodOfNewTexts_OnceTheBudgetIsFull_EvictsAtMostTheRate_AndNeverTheEntriesInUse()
    {
        // Fill the budget (8 entries): five texts clients use, and whatever the other tests left, topped up with unused ones.
        string run = Guid.NewGuid().ToString("N");
        string[] popular = [.. Enumerable.Range(0, 5).Select(i => $"{{ car(id: {i % 3 + 1}) {{ make }} }} # popular {i} {run}")];
        foreach (string text in popular)
        {
            await PersistedQueryTests.PostAsync(server.Client, text, PersistedQueryTests.Sha256(text));
            for (int use = 0; use < 3; use++)
            {
                Code((await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text))).Body).ShouldBeNull();
            }
        }

        for (int i = 0; Store.Budget.Count < 8; i++)
        {
            string filler = $"{{ cars {{ make }} }} # filler {i} {run}";
            await PersistedQueryTests.PostAsync(server.Client, filler, PersistedQueryTests.Sha256(filler));
        }

        string[] flood = [.. Enumerable.Range(0, 40).Select(i => $"{{ cars {{ model }} }} # flood {i} {run}")];
        foreach (string text in flood)
        {
            // Each of these runs (200 with data): only storing it is refused.
            var (status, body) = await PersistedQueryTests.PostAsync(server.Client, text, PersistedQueryTests.Sha256(text));
            (status, body["data"] is not null).ShouldBe((200, true));
        }

        foreach (string text in popular)
        {
            Code((await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text))).Body).ShouldBeNull($"'{text}' was evicted");
        }

        int floodStored = 0;
        foreach (string text in flood)
        {
            floodStored += Code((await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(text))).Body) is null ? 1 : 0;
        }

        // Two evictions a minute, starting with a minute's worth: 2, or 3 if the test ran past 30 s.
        floodStored.ShouldBeInRange(1, 3);
        Store.Budget.Count.ShouldBeLessThanOrEqualTo(8);
    }

    private static string? Code(JsonNode body) => body["errors"]?[0]?["extensions"]?["code"]?.GetValue<string>();
}

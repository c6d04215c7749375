using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Batching;

/// <summary>
/// <c>[BatchResolved]</c> fields over Kestrel: one resolver call per level and field (per chunk), never one per object,
/// only for the objects written, over REST, CSV and <c>/graphql</c> (plain lists and connections), each request with its
/// own values, and a resolver that fails answered as an unavailable source.
/// </summary>
[Collection(nameof(BatchResolutionTests))]
public sealed class BatchResolutionTests(LibraryServer server) : IClassFixture<LibraryServer>
{
    [Fact]
    public async Task Rest_NestedResolvedField_OneCallForEveryBookOfTheLevel_SharedBookOnce()
    {
        server.Calls.Take();

        var authors = await GetArrayAsync("/authors?include=[id,books[id,rating]]");

        // Five distinct books (book 3 twice in the response), in chunks of four.
        Taken().ShouldBe(["BookRatings:1,3,2,4", "BookRatings:5"]);
        Ratings(authors).ShouldBe(["1:1:1,3:3", "2:2:2,3:3,4:4", "3:5:5"]);
    }

    [Fact]
    public async Task Rest_ResolvedListOfModelsWithItsOwnResolvedField_OneCallPerLevel()
    {
        server.Calls.Take();

        var authors = await GetArrayAsync("/authors?include=[id,books[id,reviews[stars,reviewer]]]");

        // The books' reviews, then the ten reviews' reviewers one level down: chunks of four, never one call per object.
        Taken().ShouldBe(["BookReviews:1,3,2,4", "BookReviews:5", "ReviewerNames:11,12,31,32", "ReviewerNames:21,22,41,42", "ReviewerNames:51,52"]);
        var firstReviews = authors[0]!["books"]![1]!["reviews"]!.AsArray();
        firstReviews.Select(r => $"{r!["stars"]}:{r["reviewer"]}").ShouldBe(["3:reader-31", "4:reader-32"]);
    }

    [Fact]
    public async Task Rest_FieldNotSelected_NoResolverRuns()
    {
        server.Calls.Take();

        var authors = await GetArrayAsync("/authors?include=[id,books[id,title]]");

        Taken().ShouldBeEmpty();
        authors[1]!["books"]![0]!["title"]!.GetValue<string>().ShouldBe("Book 2");
    }

    [Fact]
    public async Task Rest_ListArguments_ResolveOnlyTheElementsWritten()
    {
        server.Calls.Take();

        var authors = await GetArrayAsync("/authors?include=[id,books(first: 1, orderBy: {id: DESC})[id,rating]]");

        Taken().ShouldBe(["BookRatings:3,4,5"]);
        Ratings(authors).ShouldBe(["1:3:3", "2:4:4", "3:5:5"]);
    }

    [Fact]
    public async Task Rest_RootListLongerThanAChunk_ResolvedAChunkAtATime()
    {
        server.Calls.Take();

        var books = await GetArrayAsync("/books?include=[id,rating]");

        Taken().ShouldBe(["BookRatings:1,2,3,4", "BookRatings:5"]);
        books.Select(b => b!["rating"]!.GetValue<double>()).ShouldBe([1, 2, 3, 4, 5]);
    }

    [Fact]
    public async Task Rest_RootPageWithItsNextLink_ResolvesThePageOnly()
    {
        server.Calls.Take();

        using var response = await server.Client.GetAsync("/books?include=" + Uri.EscapeDataString("(first: 2, orderBy: {id: DESC})[id,rating]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        response.Headers.GetValues("Link").ShouldHaveSingleItem().ShouldContain("rel=\"next\"");
        Taken().ShouldBe(["BookRatings:5,4"]);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Select(b => b!["rating"]!.GetValue<double>()).ShouldBe([5, 4]);
    }

    [Fact]
    public async Task Rest_SingleObject_ResolvedBeforeItIsWritten()
    {
        server.Calls.Take();

        var author = JsonNode.Parse(await server.Client.GetStringAsync("/authors/2?include=[name,books[rating]]"))!;

        Taken().ShouldBe(["BookRatings:2,3,4"]);
        author["books"]!.AsArray().Select(b => b!["rating"]!.GetValue<double>()).ShouldBe([2, 3, 4]);
    }

    [Fact]
    public async Task Csv_ResolvedColumn_FromTheResolver()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/books?include=[id,rating]");
        request.Headers.Accept.ParseAdd("text/csv");

        using var response = await server.Client.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ReplaceLineEndings("\n").ShouldBe("id,rating\n1,1\n2,2\n3,3\n4,4\n5,5\n");
    }

    [Fact]
    public async Task ConcurrentRequests_OnTheSameObjects_EachReadTheirOwnValues()
    {
        var answers = await Task.WhenAll(Enumerable.Range(1, 24).Select(async i =>
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, "/books?include=[id,rating]");
            request.Headers.Add("X-Scale", i.ToString(System.Globalization.CultureInfo.InvariantCulture));
            using var response = await server.Client.SendAsync(request);
            var books = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray();
            return (Scale: i, Ratings: books.Select(b => b!["rating"]!.GetValue<double>()).ToArray());
        }));

        foreach (var (scale, ratings) in answers)
        {
            ratings.ShouldBe(Enumerable.Range(1, 5).Select(id => (double)(id * scale)).ToArray());
        }
    }

    [Fact]
    public async Task GraphQL_NestedLevels_OneCallPerLevelAndField()
    {
        server.Calls.Take();

        var data = await QueryAsync("{ authors { id books { id rating reviews { reviewer } } } }");

        Taken().Select(c => c.Split(':')[0]).ShouldBe(["BookRatings", "BookRatings", "BookReviews", "BookReviews", "ReviewerNames", "ReviewerNames", "ReviewerNames"]);
        data["errors"].ShouldBeNull();
        var brian = data["data"]!["authors"]![1]!;
        brian["books"]!.AsArray().Select(b => b!["rating"]!.GetValue<double>()).ShouldBe([2, 3, 4]);
        brian["books"]![2]!["reviews"]![1]!["reviewer"]!.GetValue<string>().ShouldBe("reader-42");
    }

    [Fact]
    public async Task GraphQL_Connection_ResolvesThePageNodesOnly()
    {
        server.Calls.Take();

        var data = await QueryAsync("{ booksConnection(first: 2, orderBy: {id: DESC}) { edges { node { id rating } } } }");

        Taken().ShouldBe(["BookRatings:5,4"]);
        data["data"]!["booksConnection"]!["edges"]!.AsArray().Select(e => e!["node"]!["rating"]!.GetValue<double>()).ShouldBe([5, 4]);
    }

    [Fact]
    public async Task FailingResolver_RestIs503_GraphQLFieldIsNullWithItsError_OtherRootsAnswered()
    {
        server.Calls.RatingsFail = true;
        try
        {
            using var rest = await server.Client.GetAsync("/books?include=[id,rating]");
            rest.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            string problem = await rest.Content.ReadAsStringAsync();
            problem.ShouldNotContain("secret-host");

            var data = await QueryAsync("{ books { id rating } authors { name } }");
            data["data"]!["books"].ShouldBeNull();
            data["data"]!["authors"]!.AsArray().Count.ShouldBe(3);
            var error = data["errors"]!.AsArray().Single()!;
            error["path"]!.AsArray().Select(p => p!.GetValue<string>()).ShouldBe(["books"]);
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            error["message"]!.GetValue<string>().ShouldContain("'Book.rating'");
            error.ToJsonString().ShouldNotContain("secret-host");
            server.Warnings.ShouldContain(w => w.EventId == 67);
        }
        finally
        {
            server.Calls.RatingsFail = false;
        }

        using var recovered = await server.Client.GetAsync("/books?include=[id,rating]");
        recovered.StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [Fact]
    public async Task Sdl_ShowsTheResolvedFieldAsAnyOther()
    {
        var data = await QueryAsync("{ __type(name: \"Book\") { fields { name type { name kind ofType { name } } } } }");

        var fields = data["data"]!["__type"]!["fields"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ToArray();
        fields.ShouldBe(["id", "title", "rating", "reviews"]);
    }

    private string[] Taken() => server.Calls.Take().Select(c => $"{c.Resolver}:{string.Join(",", c.Ids)}").ToArray();

    private async Task<JsonArray> GetArrayAsync(string path) =>
        JsonNode.Parse(await server.Client.GetStringAsync(path))!.AsArray();

    private async Task<JsonNode> QueryAsync(string query)
    {
        using var response = await server.Client.PostAsJsonAsync("/graphql", new { query });
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }

    private static string[] Ratings(JsonArray authors) =>
        authors.Select(a => $"{a!["id"]}:" + string.Join(",", a["books"]!.AsArray().Select(b => $"{b!["id"]}:{b["rating"]}"))).ToArray();
}

using System.Text;
using System.Text.Json.Nodes;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

/// <summary>Trusted-documents mode at /graphql and on REST (docs/persisted-queries.md), on real Kestrel.</summary>
public class TrustedDocumentsTests(TrustedDocumentsServer server) : IClassFixture<TrustedDocumentsServer>
{
    [Fact]
    public async Task ListedDocument_ByIdAlone_IsServed()
    {
        var (status, body) = await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(TrustedDocumentsServer.CarsQuery));

        status.ShouldBe(200);
        body["errors"].ShouldBeNull();
        body["data"]!["cars"]!.AsArray().Select(c => c!["make"]!.GetValue<string>()).ShouldContain("Tesla");
    }

    [Fact]
    public async Task ListedDocument_ByItsExactText_IsServed_WithVariables()
    {
        var (status, _, body) = await server.PostGraphQLAsync(TrustedDocumentsServer.CarQuery, """{"id": 2}""");

        status.ShouldBe(200);
        body!["data"]!["car"]!["make"]!.GetValue<string>().ShouldBe("Tesla");
    }

    [Theory]
    [InlineData(TestHostServer.GraphQLResponseMediaType, 400)]
    [InlineData("application/json", 200)]
    public async Task UnlistedDocument_IsRefusedNotInList_WithTheGraphQLOverHttpStatus(string accept, int expectedStatus)
    {
        // One space more than a listed document is another document: the list is matched byte for byte.
        var (status, _, body) = await server.PostGraphQLAsync(TrustedDocumentsServer.CarsQuery + " ", accept: accept);

        status.ShouldBe(expectedStatus);
        body!["data"].ShouldBeNull();
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_NOT_IN_LIST");
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("trusted documents");
    }

    [Fact]
    public async Task AutomaticPersistedQueryRegistration_IsRefused_AndTheHashStaysUnknown()
    {
        const string query = "{ cars { color } }";

        var (registerStatus, register) = await PersistedQueryTests.PostAsync(server.Client, query, PersistedQueryTests.Sha256(query));
        var (lookupStatus, lookup) = await PersistedQueryTests.PostAsync(server.Client, null, PersistedQueryTests.Sha256(query));

        (registerStatus, register["errors"]![0]!["extensions"]!["code"]!.GetValue<string>()).ShouldBe((400, "PERSISTED_QUERY_NOT_IN_LIST"));
        (lookupStatus, lookup["errors"]![0]!["extensions"]!["code"]!.GetValue<string>()).ShouldBe((200, "PERSISTED_QUERY_NOT_FOUND"));
    }

    [Fact]
    public async Task ListedId_SentWithAnotherText_IsAHashMismatch()
    {
        var (status, body) = await PersistedQueryTests.PostAsync(server.Client, "{ cars { color } }", PersistedQueryTests.Sha256(TrustedDocumentsServer.CarsQuery));

        status.ShouldBe(400);
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_HASH_MISMATCH");
    }

    [Fact]
    public async Task Introspection_NotInTheList_IsRefusedLikeAnyOtherDocument()
    {
        var (status, _, body) = await server.PostGraphQLAsync("{ __schema { queryType { name } } }");

        status.ShouldBe(400);
        body!["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("PERSISTED_QUERY_NOT_IN_LIST");
    }

    [Fact]
    public async Task RestSelectionById_ServesTheListedSelection_AsItsTextWould()
    {
        string reference = "sha256:" + PersistedQueryTests.Sha256(TrustedDocumentsServer.EmployeeSelection);

        var byQuery = await server.GetAsync("/api/employees/2", reference);
        var byHeader = await server.GetAsync("/api/employees/2", header: reference.ToUpperInvariant().Replace("SHA256:", "sha256:"));
        var byText = await server.GetAsync("/api/employees/2", TrustedDocumentsServer.EmployeeSelection);

        byQuery.Status.ShouldBe(200);
        byQuery.Body.ShouldBe(byText.Body);
        byHeader.Body.ShouldBe(byText.Body);
        JsonNode.Parse(byQuery.Body)!["manager"]!["firstName"].ShouldNotBeNull();
    }

    [Fact]
    public async Task RestSelectionText_IsNotRestricted_ByTheGatewaysList()
    {
        var (status, _, _) = await server.GetAsync("/api/employees/2", "[email]");

        status.ShouldBe(200);
    }

    [Fact]
    public async Task RestHashNotInTheList_IsA400NamingTheHash()
    {
        string hash = PersistedQueryTests.Sha256("[email]");

        var (status, contentType, body) = await server.GetAsync("/api/employees", "sha256:" + hash);

        (status, contentType).ShouldBe((400, "application/problem+json"));
        var problem = JsonNode.Parse(body)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("PersistedSelectionNotFound");
        problem["detail"]!.GetValue<string>().ShouldContain(hash);
        problem["detail"]!.GetValue<string>().ShouldContain("trusted-documents list");
    }

    [Fact]
    public async Task GatewayRefusals_AreCountedAsNotInList()
    {
        using var metrics = new MetricCapture(server.Services);

        await server.PostGraphQLAsync("{ cars { licensePlate } }");

        metrics.Sum("popcorn.persisted_queries", ("popcorn.persisted_query.result", "not_in_list"), ("popcorn.endpoint.kind", "gateway")).ShouldBe(1);
    }
}

/// <summary>REST's <c>sha256:</c> spelling over the automatic persisted queries store (no list).</summary>
public class StoredSelectionTests(TestHostServer server) : IClassFixture<TestHostServer>
{
    [Fact]
    public async Task SelectionStoredThroughAutomaticPersistedQueries_IsServedOnRestByHash()
    {
        // Unique per run: the store outlives a test. APQ stores what the client sent with a matching hash.
        string selection = "{ firstName email } # " + Guid.NewGuid();
        await PersistedQueryTests.PostAsync(server.Client, selection, PersistedQueryTests.Sha256(selection));

        var byHash = await server.GetAsync("/api/employees", "sha256:" + PersistedQueryTests.Sha256(selection));
        var byText = await server.GetAsync("/api/employees", selection);

        byHash.Status.ShouldBe(200);
        byHash.Body.ShouldBe(byText.Body);
    }

    [Theory]
    [InlineData("sha256:abc")]
    [InlineData("sha256:")]
    [InlineData("sha256:zz00000000000000000000000000000000000000000000000000000000000000")]
    public async Task MalformedHash_IsA400SyntaxProblem_ThatSaysHowToNameOne(string reference)
    {
        var (status, _, body) = await server.GetAsync("/api/employees", reference);

        status.ShouldBe(400);
        var problem = JsonNode.Parse(body)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("Syntax");
        problem["detail"]!.GetValue<string>().ShouldContain("64 hex digits");
        problem["column"]!.GetValue<int>().ShouldBe(8);
    }

    [Fact]
    public async Task UnknownHash_IsA400_AndTheHandlerDoesNotRun()
    {
        using var content = new StringContent("""{"make":"Saab","model":"900"}""", Encoding.UTF8, "application/json");
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/cars") { Content = content };
        request.Headers.Add("Popcorn-Include", "sha256:" + new string('0', 64));
        int carsBefore = (await server.GetAsync("/api/cars", "[id]")).Body.Split("\"id\"").Length;

        using var response = await server.Client.SendAsync(request);

        ((int)response.StatusCode).ShouldBe(400);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["errorKind"]!.GetValue<string>().ShouldBe("PersistedSelectionNotFound");
        (await server.GetAsync("/api/cars", "[id]")).Body.Split("\"id\"").Length.ShouldBe(carsBefore);
    }

    [Fact]
    public async Task HashAndItsText_ShareOnePlan()
    {
        string selection = "[lastName] ";
        await PersistedQueryTests.PostAsync(server.Client, selection, PersistedQueryTests.Sha256(selection));
        await server.GetAsync("/api/employees", selection);
        using var metrics = new MetricCapture(server.Services);

        await server.GetAsync("/api/employees", "sha256:" + PersistedQueryTests.Sha256(selection));

        metrics.Sum("popcorn.cache.requests", ("popcorn.cache.name", "plans_by_text"), ("popcorn.cache.result", "hit")).ShouldBe(1);
        metrics.Sum("popcorn.persisted_queries", ("popcorn.persisted_query.result", "hit"), ("popcorn.endpoint.kind", "rest")).ShouldBe(1);
    }
}

/// <summary>A REST hash when the store is down: a 400 that says so, never a 5xx.</summary>
public class StoredSelectionStoreDownTests
{
    [Fact]
    public async Task StoreThatThrows_MakesAHashOnlyRestRequestA400()
    {
        var app = TestHostApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=None"],
            services => services.AddSingleton<Microsoft.Extensions.Caching.Distributed.IDistributedCache>(new PersistedQueryStoreDownTests.BrokenCache(hang: false)));
        await app.StartAsync();
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };

            using var response = await client.GetAsync("/api/employees?include=sha256:" + PersistedQueryTests.Sha256("[id]"));

            ((int)response.StatusCode).ShouldBe(400);
            (await response.Content.ReadAsStringAsync()).ShouldContain("did not answer in time");
        }
        finally
        {
            await app.DisposeAsync();
        }
    }
}

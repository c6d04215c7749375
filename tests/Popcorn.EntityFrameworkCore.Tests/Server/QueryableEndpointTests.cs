using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>Endpoints that return an EF Core <see cref="IQueryable{T}"/>, through Kestrel: the SQL, the JSON, the faults.</summary>
public sealed class QueryableEndpointTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    [Fact]
    public async Task Get_NestedSelection_ReadsOnlySelectedColumnsInOneCommandAndWritesTheSameJson()
    {
        const string selection = "[placedAt,customer[name],lines[quantity,product[sku]]]";
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(selection));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        foreach (string unread in new[] { "\"PasswordHash\"", "\"InternalNote\"", "\"Cost\"", "\"Email\"", "\"Status\"", "\"UnitPrice\"" })
        {
            sql.ShouldNotContain(unread, customMessage: sql);
        }

        await using var memory = store.CreateContext();
        var expected = await memory.Orders.Include(o => o.Customer).Include(o => o.Lines.OrderBy(l => l.Id)).ThenInclude(l => l.Product).OrderBy(o => o.Id).ToListAsync();
        JsonNode.DeepEquals(JsonNode.Parse(await response.Content.ReadAsStringAsync()), JsonNode.Parse(Json.Write(expected, Json.Plan<Order>(selection)))).ShouldBeTrue();
    }

    [Fact]
    public async Task Get_BadSelection_Answers400BeforeAnySql()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[internalNote]"));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        store.Sql.Commands.ShouldBeEmpty();
    }

    [Fact]
    public async Task Get_ComputedMember_FallsBackToTheHandlersQueryAndStaysCorrect()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/coupons?include=" + Uri.EscapeDataString("[label]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var labels = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray().Select(c => (string?)c!["label"]);
        labels.ShouldBe(["SAVE5: 5% off", "SAVE10: 10% off", "SAVE15: 15% off"]);
    }

    [Fact]
    public async Task Get_GatewayField_ProjectsTheQueryable()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.PostAsync("/graphql", new StringContent(
            JsonSerializer.Serialize(new { query = "{ orders { id customer { name } } }" }), System.Text.Encoding.UTF8, "application/json"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["data"]!["orders"]!.AsArray().Count.ShouldBe(80);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldNotContain("\"PlacedAt\"");
        sql.ShouldNotContain("\"PasswordHash\"");
    }

    [Fact]
    public async Task Post_GatewaySelectionsAllSkipped_ProjectEmptyObjectsAndReadNoColumnOfThem()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync("{ orders(first: 2) { id customer { name @skip(if: true) } lines { quantity @skip(if: true) } } }", HttpStatusCode.OK);

        var orders = body["data"]!["orders"]!.AsArray();
        orders.Count.ShouldBe(2);
        orders.ShouldAllBe(o => o!["customer"]!.ToJsonString() == "{}" && o["lines"]!.AsArray().All(l => l!.ToJsonString() == "{}"));
        orders.Sum(o => o!["lines"]!.AsArray().Count).ShouldBeGreaterThan(0);
        var sql = store.Sql.Commands.ShouldHaveSingleItem();
        sql.ShouldNotContain("\"Name\"", customMessage: sql);
        sql.ShouldNotContain("\"Quantity\"", customMessage: sql);
    }

    [Fact]
    public async Task Get_SqliteDown_Answers503ProblemWithoutTheProvidersError()
    {
        string missing = Path.Combine(Path.GetTempPath(), "popcorn-missing-" + Guid.NewGuid().ToString("N"), "store.db");
        await AssertUnavailableAsync(new DbContextOptionsBuilder<StoreDbContext>().UseSqlite($"Data Source={missing};Mode=ReadOnly").Options);
    }

    [Fact]
    public async Task Get_PostgresDown_Answers503ProblemWithoutTheProvidersError()
    {
        // Nothing listens on a port just released: the connection is refused, as when the server is down.
        using var listener = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();

        await AssertUnavailableAsync(new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql($"Host=127.0.0.1;Port={port};Username=popcorn;Timeout=5").Options);
    }

    private static async Task AssertUnavailableAsync(DbContextOptions<StoreDbContext> options)
    {
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(options));

        for (int attempt = 0; attempt < 20; attempt++)
        {
            using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));

            response.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
            string body = await response.Content.ReadAsStringAsync();
            body.ShouldContain("\"status\":503");
            body.ShouldNotContain("SQLite", Case.Insensitive);
            body.ShouldNotContain("Npgsql", Case.Insensitive);
            body.ShouldNotContain("refused", Case.Insensitive);
            body.ShouldNotContain("SELECT", Case.Insensitive);
        }
    }
}

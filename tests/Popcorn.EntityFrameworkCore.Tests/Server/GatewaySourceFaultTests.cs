using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A database that is down, seen through the gateway: the field's GraphQL error (never the provider's message or
/// the SQL), null for that field, the other roots still answered, and data again once the database is back.
/// </summary>
public sealed class GatewaySourceFaultTests
{
    [Fact]
    public async Task Gateway_SqliteDown_AnswersTheFieldsErrorWithoutTheProvidersMessage()
    {
        string missing = Path.Combine(Path.GetTempPath(), "popcorn-missing-" + Guid.NewGuid().ToString("N"), "store.db");
        await AssertUnavailableAsync(new DbContextOptionsBuilder<StoreDbContext>().UseSqlite($"Data Source={missing};Mode=ReadOnly").Options);
    }

    [Fact]
    public async Task Gateway_PostgresDown_AnswersTheFieldsErrorWithoutTheProvidersMessage()
    {
        // Nothing listens on a port just released: the connection is refused, as when the server is down.
        using var listener = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();

        await AssertUnavailableAsync(new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql($"Host=127.0.0.1;Port={port};Username=popcorn;Timeout=5").Options);
    }

    [Fact]
    public async Task Gateway_DatabaseComesBack_AnswersDataAgainWithoutARestart()
    {
        string folder = Path.Combine(Path.GetTempPath(), "popcorn-later-" + Guid.NewGuid().ToString("N"));
        string file = Path.Combine(folder, "store.db");
        var readOnly = new DbContextOptionsBuilder<StoreDbContext>().UseSqlite($"Data Source={file};Mode=ReadOnly;Pooling=False").Options;
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(readOnly));
        try
        {
            (await PostAsync(server, "{ orders { id } }"))["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");

            Directory.CreateDirectory(folder);
            await using (var create = new StoreDbContext(new DbContextOptionsBuilder<StoreDbContext>().UseSqlite($"Data Source={file};Pooling=False").Options))
            {
                await create.Database.EnsureCreatedAsync();
            }

            var body = await PostAsync(server, "{ orders { id } }");
            body["errors"].ShouldBeNull();
            body["data"]!["orders"]!.AsArray().Count.ShouldBe(0);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static async Task AssertUnavailableAsync(DbContextOptions<StoreDbContext> options)
    {
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(options));

        for (int attempt = 0; attempt < 10; attempt++)
        {
            var body = await PostAsync(server, "{ first: orders { id }\n  second: orders { id } }");

            body["data"]!["first"].ShouldBeNull();
            body["data"]!["second"].ShouldBeNull();
            var errors = body["errors"]!.AsArray();
            errors.Count.ShouldBe(2);
            var first = errors[0]!;
            first["message"]!.GetValue<string>().ShouldBe("The data source of the field 'orders' is unavailable. Try again later.");
            first["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            first["path"]!.AsArray().Single()!.GetValue<string>().ShouldBe("first");
            errors[1]!["path"]!.AsArray().Single()!.GetValue<string>().ShouldBe("second");
            errors[1]!["locations"]![0]!["line"]!.GetValue<int>().ShouldBe(2);
            string text = body.ToJsonString();
            text.ShouldNotContain("SQLite", Case.Insensitive);
            text.ShouldNotContain("Npgsql", Case.Insensitive);
            text.ShouldNotContain("refused", Case.Insensitive);
            text.ShouldNotContain("SELECT", Case.Insensitive);
        }
    }

    private static async Task<JsonNode> PostAsync(StoreServer server, string query)
    {
        using var response = await server.Client.PostAsync("/graphql",
            new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json"));
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}

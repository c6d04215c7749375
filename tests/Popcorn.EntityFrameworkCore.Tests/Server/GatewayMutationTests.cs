using System.Net;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A gateway mutation over EF Core: the write, then its result read back in one statement of the selected columns
/// (read from the SQL EF sends); a database that is down is the field's <c>SOURCE_UNAVAILABLE</c>, as for queries.
/// </summary>
public sealed class GatewayMutationTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    [Fact]
    public async Task Mutation_ReadsItsResultBack_InOneStatementOfTheSelectedColumns_AfterTheWrite()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        var body = await server.PostGraphQLAsync("""mutation { noteOrder(id: 3, note: "gift wrap") { note customer { name } } }""", HttpStatusCode.OK);

        body["errors"].ShouldBeNull();
        body["data"]!["noteOrder"]![0]!["note"]!.GetValue<string>().ShouldBe("gift wrap");
        var commands = store.Sql.Commands;
        int write = commands.ToList().FindIndex(c => c.Contains("UPDATE", StringComparison.Ordinal));
        write.ShouldBeGreaterThan(0, string.Join("\n---\n", commands)); // the order was loaded, then updated
        var readBack = commands.Skip(write + 1).ShouldHaveSingleItem(string.Join("\n---\n", commands));
        readBack.ShouldContain("\"Note\"");
        readBack.ShouldContain("\"Name\"");
        foreach (string unread in new[] { "\"PlacedAt\"", "\"InternalNote\"", "\"Email\"", "\"PasswordHash\"", "\"Status\"" })
        {
            readBack.ShouldNotContain(unread, customMessage: readBack);
        }
    }

    [Fact]
    public async Task Mutation_PostgresDown_IsTheFieldsSourceUnavailable_WithoutTheProvidersMessage()
    {
        // Nothing listens on a port just released: the connection is refused, as when the server is down.
        using var listener = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        var down = new DbContextOptionsBuilder<StoreDbContext>().UseNpgsql($"Host=127.0.0.1;Port={port};Username=popcorn;Timeout=5").Options;
        await using var server = await StoreServer.StartAsync(() => new StoreDbContext(down));

        var body = await server.PostGraphQLAsync("""mutation { noteOrder(id: 3, note: "x") { note } }""", HttpStatusCode.OK);

        body["data"]!["noteOrder"].ShouldBeNull();
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
        error["message"]!.GetValue<string>().ShouldBe("The data source of the field 'noteOrder' is unavailable. Try again later.");
        body.ToJsonString().ShouldNotContain("127.0.0.1");
    }
}

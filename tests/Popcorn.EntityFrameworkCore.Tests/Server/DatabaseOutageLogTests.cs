using System.Net;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A database outage is one warning when it starts and one line with the count when it ends (docs/data.md#faults),
/// not a log line per refused request.
/// </summary>
public sealed class DatabaseOutageLogTests(SqliteStore store) : IClassFixture<SqliteStore>
{
    private const string Dependency = "The data source (database)";

    [Fact]
    public async Task DatabaseDownFor20Requests_LogsOneWarning_ThenOneLineWithTheCountWhenItIsBack()
    {
        string missing = Path.Combine(Path.GetTempPath(), "popcorn-missing-" + Guid.NewGuid().ToString("N"), "store.db");
        var down = new DbContextOptionsBuilder<StoreDbContext>().UseSqlite($"Data Source={missing};Mode=ReadOnly").Options;
        bool isDown = true;
        var logs = new WarningCapture();
        await using var server = await StoreServer.StartAsync(() => isDown ? new StoreDbContext(down) : store.CreateContext(), logs: logs);

        for (int i = 0; i < 20; i++)
        {
            using var refused = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));
            refused.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
        }

        var duringOutage = logs.Messages.Where(m => m.StartsWith(Dependency, StringComparison.Ordinal)).ToList();
        isDown = false;
        using var served = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id]"));
        var afterwards = logs.Messages.Where(m => m.StartsWith(Dependency, StringComparison.Ordinal)).ToList();

        served.StatusCode.ShouldBe(HttpStatusCode.OK);
        duringOutage.ShouldHaveSingleItem().ShouldContain("unavailable since");
        afterwards.Count.ShouldBe(2);
        afterwards[1].ShouldContain("available again");
        afterwards[1].ShouldContain("and 20 requests went without it meanwhile.");
    }
}

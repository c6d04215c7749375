using System.Net;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A client that goes away mid-stream stops the query: the rows are streamed (flushed as they are written, so the
/// server waits for a slow client instead of buffering), and the reader is released when the request is aborted.
/// </summary>
public sealed class CancellationTests
{
    private const int Orders = 200_000;

    [Fact]
    public async Task Get_ClientGoesAwayMidStream_StopsReadingAndReleasesTheReader()
    {
        using var store = SqliteStore.WithSize(customers: 30, orders: 10);
        await using (var db = store.CreateContext())
        {
            // Many rows, fast: one INSERT ... SELECT over a recursive counter.
            await db.Database.ExecuteSqlRawAsync($"""
                WITH RECURSIVE n(i) AS (SELECT 11 UNION ALL SELECT i + 1 FROM n WHERE i < {Orders})
                INSERT INTO "Orders" ("Id", "PlacedAt", "Status", "Note", "InternalNote", "CustomerId")
                SELECT i, '2026-01-01 00:00:00', 'open', 'a note long enough to make each row take some room', 'x', (i % 30) + 1 FROM n
                """);
        }

        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var client = SlowClient.Create(server.Client.BaseAddress!);
        using (var response = await client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id,status,note,placedAt]"), HttpCompletionOption.ResponseHeadersRead))
        {
            response.StatusCode.ShouldBe(HttpStatusCode.OK);
            await using var body = await response.Content.ReadAsStreamAsync();
            await body.ReadExactlyAsync(new byte[4096]);
        }

        var deadline = DateTime.UtcNow.AddSeconds(20);
        while (store.Sql.ReadersDisposed.IsEmpty && DateTime.UtcNow < deadline)
        {
            await Task.Delay(50);
        }

        store.Sql.ReadersDisposed.TryPeek(out int read).ShouldBeTrue("the reader was not released after the client went away");
        read.ShouldBeLessThan(Orders, "the server read every row although the client had gone");
    }
}

namespace Popcorn.Server.Tests.Adoption;

public class StreamingAbortTests(LedgerServer server) : IClassFixture<LedgerServer>
{
    [Fact]
    public async Task Get_ClientLeavesMidList_WritingStops()
    {
        using (var response = await server.Client.GetAsync("/invoices/stream?include=[customer]", HttpCompletionOption.ResponseHeadersRead))
        {
            await using var body = await response.Content.ReadAsStreamAsync();
            var buffer = new byte[64 * 1024];
            int read = 0;
            while (read < buffer.Length && await body.ReadAsync(buffer.AsMemory(read)) is var n and > 0)
            {
                read += n;
            }
        }

        // After the client has gone the count settles far below the ten million items on offer.
        int settled = await Settled(() => Volatile.Read(ref server.Ledger.Streamed));
        settled.ShouldBeLessThan(5_000_000);
    }

    private static async Task<int> Settled(Func<int> read)
    {
        int previous = read();
        for (int i = 0; i < 100; i++)
        {
            await Task.Delay(100);
            int current = read();
            if (current == previous)
            {
                return current;
            }

            previous = current;
        }

        return previous;
    }
}

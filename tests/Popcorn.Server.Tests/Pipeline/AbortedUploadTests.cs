using System.Net.Sockets;
using System.Text;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

public class AbortedUploadTests(DebugLoggingTestHostServer server) : IClassFixture<DebugLoggingTestHostServer>
{
    [Fact]
    public async Task Post_AbortedUpload_IsLoggedOnceAtDebugWithoutAnError()
    {
        using var capture = LogCapture.Attach(server.Services);
        var address = new Uri(server.Client.BaseAddress!, "/graphql");

        using (var client = new TcpClient())
        {
            await client.ConnectAsync(address.Host, address.Port);
            var stream = client.GetStream();
            string head = $"POST /graphql HTTP/1.1\r\nHost: {address.Authority}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"query\":";
            await stream.WriteAsync(Encoding.ASCII.GetBytes(head));
            await stream.FlushAsync();
            await Task.Delay(200);
        }

        var aborted = await Eventually(() => capture.Entries.Where(e => e.EventId == 4 && e.Category.StartsWith("Popcorn.", StringComparison.Ordinal)).ToArray(), found => found.Length > 0);
        aborted.ShouldHaveSingleItem().Level.ShouldBe(LogLevel.Debug);
        capture.Entries.ShouldNotContain(e => e.Level >= LogLevel.Error);
    }

    private static async Task<T> Eventually<T>(Func<T> read, Func<T, bool> done)
    {
        var deadline = DateTime.UtcNow.AddSeconds(10);
        T value = read();
        while (!done(value) && DateTime.UtcNow < deadline)
        {
            await Task.Delay(50);
            value = read();
        }

        return value;
    }
}

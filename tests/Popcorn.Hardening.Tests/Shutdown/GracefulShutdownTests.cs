using System.Diagnostics;
using System.Net.Sockets;
using System.Security.Cryptography;
using System.Text.Json;
using Xunit.Abstractions;

namespace Popcorn.Hardening.Tests.Shutdown;

/// <summary>
/// Stopping the app while large responses are in flight lets them finish: Kestrel closes its listener, waits for the
/// requests in flight (up to the host's shutdown timeout), and only then does <c>StopAsync</c> return.
/// </summary>
public class GracefulShutdownTests(ITestOutputHelper output)
{
    /// <summary>
    /// About 28 MB: every employee with 256 aliased copies of their department's deep wildcard, streamed in 16 KB
    /// flushes. Far more than loopback's socket buffers hold, so a client that stops reading keeps the request in flight.
    /// </summary>
    private static readonly string s_largeSelection = "[" + string.Join(",", Enumerable.Range(0, 256).Select(i => $"d{i}:department[!full]")) + "]";

    [Fact]
    public async Task StopAsync_WhileLargeResponsesAreInFlight_FinishesThemFirst()
    {
        // A cost limit high enough for this deliberately huge selection: the test is about shutdown, not budgets.
        var app = TestHostServer.Start("--Popcorn:MaxSelectionCost=2000000000");
        await app.StartAsync();
        var address = new Uri(app.Urls.First());
        using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(60) };
        var (expectedLength, expectedHash) = await ReadAllAsync(await OpenAsync(client));

        // Headers are in, then nobody reads: each response's writes wait on back-pressure, mid-body.
        var bodies = await Task.WhenAll(Enumerable.Range(0, 3).Select(_ => OpenAsync(client)));
        await Task.Delay(300);
        var clock = Stopwatch.StartNew();
        var stop = app.StopAsync(new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token);
        await Task.Delay(500);
        bool stoppedWhileInFlight = stop.IsCompleted;
        bool refusesNewConnections = await RefusesConnectionAsync(address);

        var received = await Task.WhenAll(bodies.Select(ReadAllAsync));
        var readsDone = clock.Elapsed;
        await stop;
        var stopped = clock.Elapsed;
        await app.DisposeAsync();

        output.WriteLine($"{received.Length} responses of {expectedLength:N0} bytes each completed {readsDone.TotalMilliseconds:N0} ms after StopAsync began; StopAsync returned at {stopped.TotalMilliseconds:N0} ms");
        stoppedWhileInFlight.ShouldBeFalse("StopAsync returned while responses were in flight");
        refusesNewConnections.ShouldBeTrue("the listener should close when shutdown begins");
        foreach (var (length, hash) in received)
        {
            length.ShouldBe(expectedLength);
            hash.ShouldBe(expectedHash, "every in-flight response completes, byte for byte");
        }

        stopped.ShouldBeGreaterThanOrEqualTo(readsDone - TimeSpan.FromMilliseconds(100));
        expectedLength.ShouldBeGreaterThan(20_000_000);

        async Task<Stream> OpenAsync(HttpClient http)
        {
            // Through the header: the selection (5.5 KB) is longer than a URL may be.
            using var request = new HttpRequestMessage(HttpMethod.Get, "/api/employees");
            request.Headers.Add("Popcorn-Include", s_largeSelection);
            var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
            response.EnsureSuccessStatusCode();
            return await response.Content.ReadAsStreamAsync();
        }
    }

    /// <summary>Reads a body to the end: its length, its SHA-256, and a check that it is one JSON array of 16 employees.</summary>
    private static async Task<(long Length, string Hash)> ReadAllAsync(Stream body)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var buffer = new byte[64 * 1024];
        long length = 0;
        var json = new JsonReaderState();
        byte[] pending = [];
        int read;
        while ((read = await body.ReadAsync(buffer)) > 0)
        {
            hash.AppendData(buffer, 0, read);
            length += read;
            pending = Validate([.. pending, .. buffer.AsSpan(0, read)], ref json, isFinal: false);
        }

        Validate(pending, ref json, isFinal: true);
        await body.DisposeAsync();
        return (length, Convert.ToHexString(hash.GetHashAndReset()));
    }

    /// <summary>Feeds bytes to a JSON reader across reads (throws on malformed JSON); returns what it could not consume yet.</summary>
    private static byte[] Validate(byte[] data, ref JsonReaderState state, bool isFinal)
    {
        var reader = new Utf8JsonReader(data, isFinal, state);
        while (reader.Read())
        {
        }

        state = reader.CurrentState;
        return data[(int)reader.BytesConsumed..];
    }

    private static async Task<bool> RefusesConnectionAsync(Uri address)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(address.Host, address.Port).WaitAsync(TimeSpan.FromSeconds(5));
            return false;
        }
        catch (SocketException)
        {
            return true;
        }
    }
}

using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Popcorn.ScaleOut.Tests;

/// <summary>
/// A throwaway <c>redis-server</c> for one test: loopback only, a free port, its own temp directory, no persistence
/// (<c>--save "" --appendonly no</c>). It can be killed and started again on the same port, as an outage would. A
/// watchdog outside the test host's process tree kills each server it started once this process is gone, however the
/// test ends; <see cref="DisposeAsync"/> kills it first when the test ends normally.
/// </summary>
internal sealed class RedisServer : IAsyncDisposable
{
    private static readonly string? s_binary = new[] { "/usr/bin/redis-server", "/usr/local/bin/redis-server" }.FirstOrDefault(File.Exists);

    private readonly string _directory = Path.Combine(Path.GetTempPath(), "popcorn-redis-" + Guid.NewGuid().ToString("N"));
    private Process? _process;

    private RedisServer(int port) => Port = port;

    /// <summary>Why the Redis tests are skipped, or null when redis-server is installed (then they must pass).</summary>
    public static string? UnavailableReason => s_binary is null
        ? "redis-server is not installed (apt-get install -y redis-server; ./test.sh does it when run as root): the scale-out tests are skipped."
        : null;

    public int Port { get; }

    /// <summary>The connection string the playground reads from <c>ConnectionStrings:Redis</c>.</summary>
    public string ConnectionString => $"127.0.0.1:{Port}";

    /// <summary>Starts a server on a free loopback port and waits until it answers PING.</summary>
    public static async Task<RedisServer> StartAsync()
    {
        var server = new RedisServer(FreePort());
        Directory.CreateDirectory(server._directory);
        await server.RestartAsync();
        return server;
    }

    /// <summary>Kills the server at once (SIGKILL), as a crash or a lost node would.</summary>
    public void Kill()
    {
        if (_process is { HasExited: false })
        {
            _process.Kill();
            _process.WaitForExit();
        }

        _process?.Dispose();
        _process = null;
    }

    /// <summary>Starts the server again on the same port (empty: nothing was persisted) and waits for PING.</summary>
    public async Task RestartAsync()
    {
        string binary = s_binary ?? throw new InvalidOperationException(UnavailableReason);
        var start = new ProcessStartInfo(binary) { WorkingDirectory = _directory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in (string[])["--port", Port.ToString(), "--bind", "127.0.0.1", "--dir", _directory, "--save", "", "--appendonly", "no", "--daemonize", "no"])
        {
            start.ArgumentList.Add(argument);
        }

        _process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {binary}.");
        _process.OutputDataReceived += (_, _) => { };
        _process.ErrorDataReceived += (_, _) => { };
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        Process.Start("setsid", ["-f", "sh", "-c", $"while kill -0 {Environment.ProcessId} 2>/dev/null; do sleep 1; done; kill -9 {_process.Id} 2>/dev/null; rm -rf '{_directory}'"])?.Dispose();
        await WaitForPongAsync();
    }

    public ValueTask DisposeAsync()
    {
        Kill();
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // The watchdog deletes it when this process is gone.
        }

        return ValueTask.CompletedTask;
    }

    /// <summary>How many clients are connected to the server (INFO's <c>connected_clients</c>), this question's own connection excluded.</summary>
    public async Task<int> ConnectedClientsAsync()
    {
        using var client = new TcpClient();
        await client.ConnectAsync(IPAddress.Loopback, Port);
        var stream = client.GetStream();
        await stream.WriteAsync("INFO clients\r\n"u8.ToArray());
        var reply = new StringBuilder();
        byte[] buffer = new byte[4096];
        while (!reply.ToString().Contains("connected_clients:", StringComparison.Ordinal) || !reply.ToString().EndsWith("\r\n", StringComparison.Ordinal))
        {
            int read = await stream.ReadAsync(buffer);
            if (read == 0)
            {
                throw new InvalidOperationException($"redis-server closed the connection after: {reply}");
            }

            reply.Append(Encoding.ASCII.GetString(buffer, 0, read));
        }

        string line = reply.ToString().Split("\r\n").First(l => l.StartsWith("connected_clients:", StringComparison.Ordinal));
        return int.Parse(line["connected_clients:".Length..], System.Globalization.CultureInfo.InvariantCulture) - 1;
    }

    private async Task WaitForPongAsync()
    {
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (true)
        {
            try
            {
                using var client = new TcpClient();
                await client.ConnectAsync(IPAddress.Loopback, Port);
                var stream = client.GetStream();
                await stream.WriteAsync("PING\r\n"u8.ToArray());
                byte[] reply = new byte[16];
                int read = await stream.ReadAsync(reply);
                if (Encoding.ASCII.GetString(reply, 0, read).StartsWith("+PONG", StringComparison.Ordinal))
                {
                    return;
                }
            }
            catch (SocketException) when (DateTime.UtcNow < deadline && _process is { HasExited: false })
            {
            }

            if (DateTime.UtcNow >= deadline || _process is not { HasExited: false })
            {
                throw new InvalidOperationException($"redis-server on port {Port} did not answer PING (exited: {_process?.HasExited}).");
            }

            await Task.Delay(50);
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}

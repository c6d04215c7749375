using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// A throwaway PostgreSQL cluster for this test process: <c>initdb</c> in a temp directory, <c>pg_ctl start</c> on a
/// free loopback port (as the <c>postgres</c> user when the tests run as root, which PostgreSQL refuses to run as),
/// stopped and deleted by a watchdog when the process is gone. Debian's <c>postgresql</c> package provides the binaries.
/// </summary>
internal static class PostgresCluster
{
    private static readonly string? s_bin = FindBinaries();
    private static readonly Lazy<string> s_server = new(Start, LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>Why the PostgreSQL runs are skipped, or null when the binaries are installed (then they must pass).</summary>
    public static string? UnavailableReason => s_bin is null
        ? "PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL runs of these tests are skipped."
        : null;

    /// <summary>A connection string to <paramref name="database"/> on the cluster, started on first use.</summary>
    /// <exception cref="InvalidOperationException">The binaries are there but the cluster did not start (see the message).</exception>
    public static string ConnectionString(string database) => $"{s_server.Value};Database={database}";

    private static string Start()
    {
        string bin = s_bin ?? throw new InvalidOperationException(UnavailableReason);
        SweepStaleClusters();
        string root = Path.Combine(Path.GetTempPath(), "popcorn-pg-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(root);
        if (Environment.IsPrivilegedProcess)
        {
            Run("chown", ["postgres:postgres", root], asPostgres: false);
        }

        string data = Path.Combine(root, "data");
        int port = FreePort();
        Run(Path.Combine(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"], Environment.IsPrivilegedProcess);
        Run(Path.Combine(bin, "pg_ctl"),
            ["-D", data, "-l", Path.Combine(root, "server.log"), "-w", "-t", "60", "-o", $"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off", "start"],
            Environment.IsPrivilegedProcess);
        // A watchdog outside the test host's process tree stops the cluster and deletes it once this process is gone,
        // however it ends (the test runner may kill the host before ProcessExit handlers finish).
        string stop = $"{(Environment.IsPrivilegedProcess ? "runuser -u postgres -- " : string.Empty)}'{Path.Combine(bin, "pg_ctl")}' -D '{data}' -m immediate stop";
        Process.Start("setsid", ["-f", "sh", "-c", $"while kill -0 {Environment.ProcessId} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf '{root}'"])?.Dispose();

        return $"Host=127.0.0.1;Port={port};Username=postgres;Include Error Detail=true";
    }

    /// <summary>Deletes clusters earlier runs left behind: not running (no postmaster.pid) and over ten minutes old.</summary>
    private static void SweepStaleClusters()
    {
        foreach (string stale in Directory.GetDirectories(Path.GetTempPath(), "popcorn-pg-*"))
        {
            if (!File.Exists(Path.Combine(stale, "data", "postmaster.pid")) && Directory.GetLastWriteTimeUtc(stale) < DateTime.UtcNow.AddMinutes(-10))
            {
                try
                {
                    Directory.Delete(stale, recursive: true);
                }
                catch (Exception error) when (error is IOException or UnauthorizedAccessException)
                {
                    // Someone else's, or in use: leave it.
                }
            }
        }
    }

    private static string? FindBinaries()
    {
        const string Installed = "/usr/lib/postgresql";
        if (!Directory.Exists(Installed))
        {
            return null;
        }

        return Directory.GetDirectories(Installed)
            .Select(version => Path.Combine(version, "bin"))
            .Where(bin => File.Exists(Path.Combine(bin, "initdb")) && File.Exists(Path.Combine(bin, "pg_ctl")))
            .OrderByDescending(bin => bin, StringComparer.Ordinal)
            .FirstOrDefault();
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static void Run(string file, string[] arguments, bool asPostgres)
    {
        var start = new ProcessStartInfo(asPostgres ? "runuser" : file) { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = Path.GetTempPath() };
        if (asPostgres)
        {
            foreach (string argument in (string[])["-u", "postgres", "--", file])
            {
                start.ArgumentList.Add(argument);
            }
        }

        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {file}.");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromSeconds(90)))
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"{file} did not finish in 90 s.");
        }

        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"{file} {string.Join(' ', arguments)} failed ({process.ExitCode}): {error.Result}{output.Result}");
        }
    }
}

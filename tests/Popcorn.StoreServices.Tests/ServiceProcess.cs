using System.Diagnostics;
using System.Reflection;
using System.Text;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// One app of the sample as a real process (<c>dotnet Popcorn.StoreServices.{App}.dll</c>, run from its output folder
/// as run.sh runs it), on the loopback port it is given, or on a free one the OS picks (port 0), read back from the
/// app's "Now listening on" line. Everything it writes is kept, for a failure's message and for tests that read the SQL
/// it logs.
/// </summary>
internal sealed class ServiceProcess : IAsyncDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(60);

    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly TaskCompletionSource<Uri> _listening = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private ServiceProcess(string app, Process process)
    {
        App = app;
        _process = process;
    }

    /// <summary>The app's name: <c>Customers</c>, <c>Orders</c>, <c>Shipping</c>, <c>Gateway</c> or <c>FaultProxy</c>.</summary>
    public string App { get; }

    /// <summary>Where it listens, e.g. <c>http://127.0.0.1:41234</c>.</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>Everything the app has written to its console so far.</summary>
    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    /// <summary>Starts <paramref name="app"/> with host arguments (<c>--Key=Value</c>) and waits until it listens.</summary>
    public static Task<ServiceProcess> StartAsync(string app, int port, params string[] arguments) =>
        StartAsync(app, OutputFolder(Path.Combine(Metadata("StoreServicesRoot"), app), $"Popcorn.StoreServices.{app}.dll"), $"Popcorn.StoreServices.{app}.dll", port, arguments);

    /// <summary>
    /// Starts the test-only fault-injecting proxy (tests/Popcorn.FaultProxy) in front of <paramref name="target"/>, on a
    /// free port, and waits until it listens.
    /// </summary>
    public static Task<ServiceProcess> StartFaultProxyAsync(Uri target) =>
        StartAsync("FaultProxy", OutputFolder(Metadata("FaultProxyProject"), "Popcorn.FaultProxy.dll"), "Popcorn.FaultProxy.dll", 0, [$"--Target={target}"]);

    private static async Task<ServiceProcess> StartAsync(string app, string folder, string assembly, int port, string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = folder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(Path.Combine(folder, assembly));
        start.ArgumentList.Add("--urls");
        start.ArgumentList.Add($"http://127.0.0.1:{port}");
        start.ArgumentList.Add("--Logging:Console:FormatterName=simple");
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        var service = new ServiceProcess(app, process);
        process.OutputDataReceived += (_, e) => service.Read(e.Data);
        process.ErrorDataReceived += (_, e) => service.Read(e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        _ = service.FailIfItStopsBeforeListeningAsync();
        try
        {
            service.Address = await service._listening.Task.WaitAsync(s_startTimeout);
        }
        catch (TimeoutException)
        {
            await service.DisposeAsync();
            throw new TimeoutException($"{app} did not listen within {s_startTimeout.TotalSeconds} s:\n{service.Output}");
        }
        catch
        {
            // It stopped before it listened (a port in use, a bad argument): nobody gets the object to dispose it.
            await service.DisposeAsync();
            throw;
        }

        return service;
    }

    /// <summary>
    /// Fails the start once the process has exited and its last lines are read: the Exited event can come before the
    /// output readers have delivered the app's final lines (the error that says why), and a message without them
    /// tells nobody anything. WaitForExitAsync waits for both redirected streams to end.
    /// </summary>
    private async Task FailIfItStopsBeforeListeningAsync()
    {
        await _process.WaitForExitAsync();
        _listening.TrySetException(new InvalidOperationException($"{App} stopped before it listened:\n{Output}"));
    }

    private void Read(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_output)
        {
            _output.AppendLine(line);
        }

        const string Listening = "Now listening on: ";
        int at = line.IndexOf(Listening, StringComparison.Ordinal);
        if (at >= 0)
        {
            _listening.TrySetResult(new Uri(line[(at + Listening.Length)..].Trim()));
        }
    }

    /// <summary>
    /// What the app logged since <paramref name="from"/> (a length of <see cref="Output"/>), once every request it logged
    /// as starting is logged as finished (at most 10 s): the console logger's queue can deliver its lines after the
    /// gateway has answered. Needs <c>Microsoft.AspNetCore.Hosting.Diagnostics</c> at Information.
    /// </summary>
    public async Task<string> WaitForRequestsAsync(int from)
    {
        string log = Output[from..];
        for (int wait = 0; wait < 100 && (Count(log, "Request finished") == 0 || Count(log, "Request starting") != Count(log, "Request finished")); wait++)
        {
            await Task.Delay(100);
            log = Output[from..];
        }

        return log;
    }

    private static int Count(string text, string part) => text.Split(part).Length - 1;

    /// <summary>Ends the process at once, as a crash or an operator's kill -9 would, and waits until it is gone.</summary>
    public async Task KillAsync()
    {
        ObjectDisposedException.ThrowIf(_disposed != 0, this);
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        await _process.WaitForExitAsync();
    }

    /// <summary>
    /// Kills the process and releases it; a second call does nothing. A fixture whose restart failed disposes the
    /// instance it had stopped once more, and a <see cref="Process"/> already disposed would throw there, hiding the
    /// failure that mattered.
    /// </summary>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        await _process.WaitForExitAsync();
        _process.Dispose();
    }

    private int _disposed;

    /// <summary>Where the project in <paramref name="project"/> is built: <c>{project}/bin/{Configuration}/net10.0</c>.</summary>
    private static string OutputFolder(string project, string assembly)
    {
        string folder = Path.Combine(project, "bin", Metadata("Configuration"), "net10.0");
        if (!File.Exists(Path.Combine(folder, assembly)))
        {
            throw new InvalidOperationException($"{assembly} is not built in {folder}: build tests/Popcorn.StoreServices.Tests (it builds the apps it runs).");
        }

        return folder;
    }

    /// <summary>A value the project file gives the test assembly (where the apps are, the configuration built).</summary>
    private static string Metadata(string key) =>
        typeof(ServiceProcess).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
}

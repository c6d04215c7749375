using System.Diagnostics;
using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// The test-only fault-injecting proxy (tests/Popcorn.FaultProxy) as a process of its own in front of one real service:
/// healthy until <see cref="InjectAsync"/> asks for a fault, and telling what it received.
/// </summary>
internal sealed class FaultProxy : IAsyncDisposable
{
    private readonly ServiceProcess _process;
    private readonly HttpClient _control;

    private FaultProxy(ServiceProcess process)
    {
        _process = process;
        _control = new HttpClient { BaseAddress = process.Address, Timeout = TimeSpan.FromSeconds(10) };
    }

    /// <summary>Where the gateway should send the service's calls.</summary>
    public Uri Address => _process.Address;

    public static async Task<FaultProxy> StartAsync(Uri target) => new(await ServiceProcess.StartFaultProxyAsync(target));

    /// <summary>
    /// Injects <paramref name="mode"/> into every call from now on (<c>healthy</c> passes them on again): <c>slow</c>,
    /// <c>status</c> (with <paramref name="code"/>), <c>malformed</c>, <c>wrong-type</c>, <c>oversized</c>,
    /// <c>oversized-declared</c>, <c>stalled-body</c> (tests/Popcorn.FaultProxy/FaultState.cs says what each sends).
    /// </summary>
    public async Task InjectAsync(string mode, int? code = null)
    {
        using var response = await _control.PostAsync($"/__fault?mode={mode}" + (code is null ? "" : $"&code={code}"), content: null);
        response.EnsureSuccessStatusCode();
    }

    /// <summary>How many calls it has received so far: give it to <see cref="ReceivedAsync"/> to see only the later ones.</summary>
    public async Task<int> CountAsync() => (await ReceivedAsync(0)).Count;

    /// <summary>The calls from the <paramref name="from"/>-th on: <c>path</c>, <c>fault</c>, <c>headers</c> (an object), <c>aborted</c>.</summary>
    public async Task<IReadOnlyList<JsonNode>> ReceivedAsync(int from) =>
        JsonNode.Parse(await _control.GetStringAsync($"/__received?from={from}"))!.AsArray().Select(c => c!).ToList();

    /// <summary>Waits (at most 20 s) until the calls from the <paramref name="from"/>-th on satisfy <paramref name="done"/>; their last state either way.</summary>
    public async Task<IReadOnlyList<JsonNode>> UntilAsync(int from, Func<IReadOnlyList<JsonNode>, bool> done)
    {
        var watch = Stopwatch.StartNew();
        while (true)
        {
            var calls = await ReceivedAsync(from);
            if (done(calls) || watch.Elapsed > TimeSpan.FromSeconds(20))
            {
                return calls;
            }

            await Task.Delay(50);
        }
    }

    public async ValueTask DisposeAsync()
    {
        _control.Dispose();
        await _process.DisposeAsync();
    }
}

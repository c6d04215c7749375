using Microsoft.AspNetCore.Builder;
using Popcorn.Playground;

namespace Playground.Smoke.Tests;

/// <summary>The real playground app on Kestrel, on a free loopback port, with its embedded SQLite store.</summary>
public sealed class PlaygroundFixture : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        _app = PlaygroundApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=Warning"]);
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()), Timeout = TimeSpan.FromSeconds(30) };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}

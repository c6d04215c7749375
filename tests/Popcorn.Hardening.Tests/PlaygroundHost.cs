using Microsoft.AspNetCore.Builder;
using Popcorn.Playground;

namespace Popcorn.Hardening.Tests;

/// <summary>The real playground app on Kestrel, on a free loopback port; shared by a test class.</summary>
public sealed class PlaygroundHost : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public Uri BaseAddress => Client.BaseAddress!;

    public async Task InitializeAsync()
    {
        _app = Start();
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

    /// <summary>A new playground app on a free loopback port, not yet started; extra host arguments pass through.</summary>
    public static WebApplication Start(params string[] arguments) =>
        PlaygroundApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=Warning", .. arguments]);
}

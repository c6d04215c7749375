using Microsoft.AspNetCore.Builder;
using Popcorn.Bench.Host;

namespace Popcorn.Bench.Host.Tests;

/// <summary>The real bench host on Kestrel, on a free loopback port, shared by a test class.</summary>
public sealed class BenchHostServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        _app = BenchHostApp.Build(["--urls", "http://127.0.0.1:0", "--environment", "Production", "--Logging:LogLevel:Default=Warning"]);
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>The body of a successful GET, as bytes.</summary>
    public async Task<byte[]> GetBytesAsync(string path)
    {
        using var response = await Client.GetAsync(path);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsByteArrayAsync();
    }
}

using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A <see cref="PlainShippingService"/> and a gateway app in front of it (service <c>shipping</c>, kind <c>OpenApi</c>,
/// a 50 kB cap, no retries), each on real Kestrel on its own free loopback port.
/// </summary>
public sealed class OpenApiGatewayServer : IAsyncLifetime
{
    private WebApplication? _gateway;

    public PlainShippingService Shipping { get; } = new();

    public HttpClient Gateway { get; private set; } = null!;

    /// <summary>The gateway's configuration for the shipping service, to which a test adds its own settings.</summary>
    public string[] ShippingSettings(params string[] more) => SettingsFor(Shipping.BaseAddress, more);

    /// <summary>A gateway's configuration for a <see cref="PlainShippingService"/> at <paramref name="shipping"/>, with <paramref name="more"/>.</summary>
    public static string[] SettingsFor(Uri shipping, params string[] more) =>
    [
        $"--Popcorn:Upstreams:shipping:BaseAddress={shipping}",
        "--Popcorn:Upstreams:shipping:Kind=OpenApi",
        "--Popcorn:Upstreams:shipping:OpenApiPath=/openapi.json",
        "--Popcorn:Upstreams:shipping:MaxResponseBytes=50000",
        "--Popcorn:Upstreams:shipping:MaxRetries=0",
        .. more,
    ];

    public async Task InitializeAsync()
    {
        await Shipping.StartAsync();
        _gateway = UpstreamGatewayServer.BuildGateway(ShippingSettings());
        await _gateway.StartAsync();
        Gateway = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()) };
    }

    public Task<(int Status, JsonNode? Body)> PostAsync(string query, string? variables = null) =>
        UpstreamGatewayServer.PostAsync(Gateway, query, variables);

    public async Task DisposeAsync()
    {
        Gateway?.Dispose();
        if (_gateway is not null)
        {
            await _gateway.DisposeAsync();
        }

        await Shipping.DisposeAsync();
    }
}

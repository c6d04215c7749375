using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A <see cref="PlainShippingService"/> and a gateway app that serves its operations as REST resources as well as at
/// <c>/graphql</c>: <c>/api/shipments</c> (<c>listShipments</c>, its <c>?carrier=</c> passed on),
/// <c>/api/shipments/{id}</c> (<c>getShipment</c>) and <c>/api/faulty/{fault}</c> (<c>faultyShipments</c>), with
/// output caching; each app on real Kestrel on a free loopback port.
/// </summary>
public sealed class PlainResourceServer : IAsyncLifetime
{
    private WebApplication? _gateway;

    public PlainShippingService Shipping { get; } = new();

    public HttpClient Gateway { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        await Shipping.StartAsync();
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. OpenApiGatewayServer.SettingsFor(Shipping.BaseAddress)]);
        builder.Logging.ClearProviders();
        builder.Services.AddOutputCache();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        _gateway = builder.Build();
        _gateway.UseOutputCache();
        _gateway.MapPopcornGateway("/graphql", gateway => gateway.Upstream("shipping"));
        _gateway.MapPopcornUpstream("/api/shipments", "listShipments");
        _gateway.MapPopcornUpstream("/api/cached/shipments", "listShipments").CacheOutput(p => p.Expire(TimeSpan.FromMinutes(5)));
        _gateway.MapPopcornUpstream("/api/shipments/{id}", "getShipment");
        _gateway.MapPopcornUpstream("/api/faulty/{fault}", "faultyShipments");
        await _gateway.StartAsync();
        Gateway = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()), Timeout = TimeSpan.FromSeconds(30) };
    }

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

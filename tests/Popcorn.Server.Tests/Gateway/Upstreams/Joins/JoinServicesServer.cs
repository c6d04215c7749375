using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// Four services and a gateway, each its own app on real Kestrel on a free loopback port: <c>parcels</c>,
/// <c>recipients</c> (whose <c>in</c> bound is 5, which its schema states), <c>depots</c>, and three that describe
/// themselves with the recipients' schema and fail every query: <c>outage</c> (503), <c>slow</c> (never answers; the
/// gateway waits 1 s) and <c>garbled</c> (malformed JSON), with their names as prefixes. REST resources
/// <c>/api/parcels</c>, <c>/api/outage</c>, <c>/api/slow</c> and <c>/api/garbled</c> serve their list root fields. The gateway joins
/// <c>Parcel.recipient</c> (recipients by <c>recipientId</c>), <c>Recipient.depot</c> (depots by the string
/// <c>depotCode</c>) and <c>Parcel.lastKnownRecipient</c> (the outage's). Each service records the selections it gets.
/// </summary>
public sealed class JoinServicesServer : IAsyncLifetime
{
    public const int RecipientsInBound = 5;

    private readonly List<WebApplication> _apps = new();

    public HttpClient Gateway { get; private set; } = null!;

    /// <summary>The selections each service's gateway received, by service.</summary>
    public ConcurrentDictionary<string, ConcurrentQueue<string>> Received { get; } = new();

    public string RecipientsAddress { get; private set; } = null!;

    public string DepotsAddress { get; private set; } = null!;

    public string ParcelsAddress { get; private set; } = null!;

    /// <summary>The service that describes itself as the recipients do and answers every query with 503.</summary>
    public string OutageAddress { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        ParcelsAddress = await StartServiceAsync("parcels", o => o.AddContext(ParcelsJsonContext.Default), 1000, g => g.Field("parcels", () => JoinServicesData.Parcels, "Every parcel."));
        RecipientsAddress = await StartServiceAsync("recipients", o => o.AddContext(RecipientsJsonContext.Default), RecipientsInBound, g => g.Field("recipients", () => JoinServicesData.Recipients, "Every recipient."));
        DepotsAddress = await StartServiceAsync("depots", o => o.AddContext(DepotsJsonContext.Default), 1000, g => g.Field("depots", () => JoinServicesData.Depots, "Every depot."));
        string outage = OutageAddress = await StartFakeAsync("outage", RecipientsAddress, _ => Task.FromResult(Results.StatusCode(503)));
        string slow = await StartFakeAsync("slow", RecipientsAddress, async http =>
        {
            await Task.Delay(Timeout.Infinite, http.RequestAborted);
            return Results.Empty;
        });
        string garbled = await StartFakeAsync("garbled", RecipientsAddress, _ => Task.FromResult(Results.Text("{\"data\":{\"recipients\":[{\"name\":", "application/json")));
        var gateway = BuildGateway(
            g => g.Join("Parcel.recipient", from: "recipients", key: "recipientId")
                .Join("Recipient.depot", from: "depots", key: "depotCode", targetKey: "code")
                .Join("Parcel.lastKnownRecipient", from: "outageRecipients", key: "recipientId"),
            $"--Popcorn:Upstreams:parcels:BaseAddress={ParcelsAddress}",
            $"--Popcorn:Upstreams:recipients:BaseAddress={RecipientsAddress}",
            $"--Popcorn:Upstreams:depots:BaseAddress={DepotsAddress}",
            $"--Popcorn:Upstreams:outage:BaseAddress={outage}",
            "--Popcorn:Upstreams:outage:Prefix=Outage",
            "--Popcorn:Upstreams:outage:MaxRetries=0",
            $"--Popcorn:Upstreams:slow:BaseAddress={slow}",
            "--Popcorn:Upstreams:slow:Prefix=Slow",
            "--Popcorn:Upstreams:slow:MaxRetries=0",
            "--Popcorn:Upstreams:slow:Timeout=00:00:01",
            "--Popcorn:Upstreams:slow:AttemptTimeout=00:00:01",
            $"--Popcorn:Upstreams:garbled:BaseAddress={garbled}",
            "--Popcorn:Upstreams:garbled:Prefix=Garbled",
            "--Popcorn:Upstreams:garbled:MaxRetries=0");
        gateway.MapPopcornUpstream("/api/parcels", "parcels");
        gateway.MapPopcornUpstream("/api/outage", "outageRecipients");
        gateway.MapPopcornUpstream("/api/slow", "slowRecipients");
        gateway.MapPopcornUpstream("/api/garbled", "garbledRecipients");
        await gateway.StartAsync();
        _apps.Add(gateway);
        Gateway = new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
    }

    /// <summary>A gateway app over the given upstreams (all served) with the joins <paramref name="joins"/> declares, not yet started.</summary>
    public static WebApplication BuildGateway(Action<PopcornGatewayBuilder> joins, params string[] arguments)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. arguments]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var app = builder.Build();
        var upstreams = builder.Configuration.GetSection("Popcorn:Upstreams").GetChildren().Select(c => c.Key).ToArray();
        app.MapPopcornGateway("/graphql", gateway =>
        {
            foreach (string upstream in upstreams)
            {
                gateway.Upstream(upstream);
            }

            joins(gateway);
        });
        return app;
    }

    /// <summary>The selections <paramref name="service"/> received since <paramref name="skip"/> of them.</summary>
    public string[] ReceivedBy(string service, int skip = 0) => Received.GetOrAdd(service, _ => new()).Skip(skip).ToArray();

    public int CountOf(string service) => Received.GetOrAdd(service, _ => new()).Count;

    private async Task<string> StartServiceAsync(string name, Action<PopcornOptions> addContext, int inBound, Action<PopcornGatewayBuilder> fields)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options =>
        {
            addContext(options);
            options.MaxFilterInValues = inBound;
        });
        var app = builder.Build();
        var received = Received.GetOrAdd(name, _ => new());
        app.Use(async (http, next) =>
        {
            if (http.Request.Path == "/graphql")
            {
                received.Enqueue(http.Request.Query["query"].ToString());
            }

            await next(http);
        });
        app.MapPopcornSchema();
        app.MapPopcornGateway("/graphql", fields);
        await app.StartAsync();
        _apps.Add(app);
        return app.Urls.First();
    }

    /// <summary>A service that describes itself like <paramref name="describedLike"/> and answers its gateway calls with <paramref name="answer"/>.</summary>
    private async Task<string> StartFakeAsync(string name, string describedLike, Func<HttpContext, Task<IResult>> answer)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        var app = builder.Build();
        var received = Received.GetOrAdd(name, _ => new());
        using var client = new HttpClient { BaseAddress = new Uri(describedLike) };
        string schema = await client.GetStringAsync("/popcorn/schema");
        app.MapGet("/popcorn/schema", () => Results.Text(schema, "application/json"));
        app.MapGet("/graphql", (Func<HttpContext, Task<IResult>>)(http =>
        {
            received.Enqueue(http.Request.Query["query"].ToString());
            return answer(http);
        }));
        await app.StartAsync();
        _apps.Add(app);
        return app.Urls.First();
    }

    public async Task DisposeAsync()
    {
        Gateway?.Dispose();
        foreach (var app in Enumerable.Reverse(_apps))
        {
            await app.DisposeAsync();
        }
    }
}

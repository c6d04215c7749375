using System.Collections.Concurrent;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// Three apps on real Kestrel, each on its own free loopback port, talking HTTP: the test host as the upstream service
/// <c>hr</c> (it records the selections and headers it receives), a <see cref="FaultyUpstream"/> as service
/// <c>faulty</c> (prefix <c>Faulty</c>), and a gateway app with one local root field (<c>note</c>) that serves both
/// services' root fields.
/// </summary>
public sealed class UpstreamGatewayServer : IAsyncLifetime
{
    private WebApplication? _service;
    private WebApplication? _gateway;

    public HttpClient Service { get; private set; } = null!;

    public HttpClient Gateway { get; private set; } = null!;

    public FaultyUpstream Faulty { get; private set; } = null!;

    /// <summary>The gateway app's services, for tests that read what it logs.</summary>
    public IServiceProvider GatewayServices => _gateway!.Services;

    /// <summary>Service <c>patient</c> (prefix <c>Patient</c>): the gateway waits up to 10 minutes for it, so only a client that leaves ends a hanging call.</summary>
    public FaultyUpstream Patient { get; private set; } = null!;

    /// <summary>What the <c>hr</c> service received on its gateway: the selection and the headers of each call.</summary>
    public ConcurrentQueue<(string Query, IHeaderDictionary Headers)> Received { get; } = new();

    public async Task InitializeAsync()
    {
        _service = TestHostServer.Start();
        _service.Use(async (context, next) =>
        {
            if (context.Request.Path == "/graphql")
            {
                Received.Enqueue((context.Request.Query["query"].ToString(), new HeaderDictionary(context.Request.Headers.ToDictionary(h => h.Key, h => h.Value))));
            }

            await next(context);
        });
        await _service.StartAsync();
        var serviceAddress = new Uri(_service.Urls.First());
        Service = new HttpClient { BaseAddress = serviceAddress };
        Faulty = new FaultyUpstream(serviceAddress);
        await Faulty.StartAsync();
        Patient = new FaultyUpstream(serviceAddress) { Fault = UpstreamFault.Hangs };
        await Patient.StartAsync();

        // The first schema read of a cold service (JIT, a loaded machine) can take longer than an attempt's timeout.
        using (var warm = new HttpClient { BaseAddress = Faulty.BaseAddress })
        {
            await warm.GetStringAsync("/popcorn/schema");
        }

        _gateway = BuildGateway(
            $"--Popcorn:Upstreams:hr:BaseAddress={serviceAddress}",
            "--Popcorn:Upstreams:hr:ForwardHeaders:0=Authorization",
            $"--Popcorn:Upstreams:faulty:BaseAddress={Faulty.BaseAddress}",
            "--Popcorn:Upstreams:faulty:Prefix=Faulty",
            "--Popcorn:Upstreams:faulty:MaxResponseBytes=50000",
            "--Popcorn:Upstreams:faulty:Timeout=00:00:03",
            "--Popcorn:Upstreams:faulty:AttemptTimeout=00:00:03",
            "--Popcorn:Upstreams:faulty:MaxRetries=0",
            $"--Popcorn:Upstreams:patient:BaseAddress={Patient.BaseAddress}",
            "--Popcorn:Upstreams:patient:Prefix=Patient",
            "--Popcorn:Upstreams:patient:Timeout=00:10:00",
            "--Popcorn:Upstreams:patient:AttemptTimeout=00:10:00");
        await _gateway.StartAsync();
        Gateway = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()) };
    }

    /// <summary>A gateway app over the configured upstreams (<c>hr</c> and <c>faulty</c> when named), not yet started.</summary>
    public static WebApplication BuildGateway(params string[] arguments)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", .. arguments]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(GatewayNoteJsonContext.Default));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var app = builder.Build();
        var upstreams = builder.Configuration.GetSection("Popcorn:Upstreams").GetChildren().Select(c => c.Key).ToArray();
        app.MapPopcornGateway("/graphql", gateway =>
        {
            gateway.Field("note", () => new GatewayNote { Id = 1, Text = "answered by the gateway itself" });
            foreach (string upstream in upstreams)
            {
                gateway.Upstream(upstream);
            }
        });
        return app;
    }

    public Task<(int Status, JsonNode? Body)> PostAsync(string query, string? variables = null, Action<HttpRequestHeaders>? headers = null) =>
        PostAsync(Gateway, query, variables, headers);

    public static async Task<(int Status, JsonNode? Body)> PostAsync(HttpClient client, string query, string? variables = null, Action<HttpRequestHeaders>? headers = null, CancellationToken cancellationToken = default)
    {
        var payload = new JsonObject { ["query"] = query };
        if (variables is not null)
        {
            payload["variables"] = JsonNode.Parse(variables);
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        headers?.Invoke(request.Headers);
        using var response = await client.SendAsync(request, cancellationToken);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync(cancellationToken)));
    }

    public async Task DisposeAsync()
    {
        Gateway?.Dispose();
        Service?.Dispose();
        if (_gateway is not null)
        {
            await _gateway.DisposeAsync();
        }

        if (Faulty is not null)
        {
            await Faulty.DisposeAsync();
        }

        if (Patient is not null)
        {
            await Patient.DisposeAsync();
        }

        if (_service is not null)
        {
            await _service.DisposeAsync();
        }
    }
}

using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// A <c>chores</c> service (23 chores, priorities 0-3 with ties; root field <c>chores</c>, which Popcorn pages by cursor,
/// and the same list as its own local REST resource <c>/api/chores</c>), a <c>people</c> service (root field
/// <c>people</c>), and a gateway joining <c>Chore.assignee</c> (people by <c>assigneeId</c>) with output caching that
/// serves <c>/api/chores</c> and <c>/api/cached/chores</c> (cached 5 minutes) from the chores service. Each its own app on
/// real Kestrel on a free loopback port, all sharing one cursor key; the chores service records the selections its
/// gateway receives. Two more such gateways: one with a cursor key of its own, one with a prefix on the chores service.
/// </summary>
public sealed class UpstreamPagingServer : IAsyncLifetime
{
    public static IReadOnlyList<Chore> Chores { get; } =
        Enumerable.Range(1, 23).Select(i => new Chore { Id = i, Priority = (i * 7) % 4, Title = $"chore {i:00}", AssigneeId = 1 + (i % 3) }).ToArray();

    public static IReadOnlyList<Person> People { get; } =
        [new() { Id = 1, Name = "Ada" }, new() { Id = 2, Name = "Brage" }, new() { Id = 3, Name = "Cora" }];

    private const string CursorKey = "cG9wY29ybi11cHN0cmVhbS1wYWdpbmctdGVzdHMta2V5LTMyLWJ5dGVzIQ==";

    private const string OtherCursorKey = "YW5vdGhlci1rZXktdGhlLXNlcnZpY2VzLWRvLW5vdC1zaGFyZS0zMi1ieXRlcw==";

    private readonly List<WebApplication> _apps = new();

    /// <summary>The chores service itself (its local resource <c>/api/chores</c>).</summary>
    public HttpClient Service { get; private set; } = null!;

    public HttpClient Gateway { get; private set; } = null!;

    /// <summary>The same gateway with a cursor key of its own, not the services'.</summary>
    public HttpClient OtherKeyGateway { get; private set; } = null!;

    /// <summary>The same gateway with the prefix <c>Home</c> on the chores service's names (<c>homeChores</c>, <c>HomeChore</c>).</summary>
    public HttpClient PrefixedGateway { get; private set; } = null!;

    /// <summary>The selections the chores service's gateway received, in order.</summary>
    public ConcurrentQueue<string> Received { get; } = new();

    public async Task InitializeAsync()
    {
        string chores = await StartServiceAsync(PagedChoresJsonContext.Default, Received, app =>
        {
            app.MapGet("/api/chores", () => Chores).WithPopcorn();
            app.MapPopcornGateway("/graphql", g => g.Field("chores", () => Chores, "Every chore."));
        });
        string people = await StartServiceAsync(PagedPeopleJsonContext.Default, new(), app =>
            app.MapPopcornGateway("/graphql", g => g.Field("people", () => People, "Everyone.")));
        Service = new HttpClient { BaseAddress = new Uri(chores) };
        Gateway = await StartGatewayAsync(chores, people, CursorKey, prefix: null);
        OtherKeyGateway = await StartGatewayAsync(chores, people, OtherCursorKey, prefix: null);
        PrefixedGateway = await StartGatewayAsync(chores, people, CursorKey, prefix: "Home");
    }

    private async Task<HttpClient> StartGatewayAsync(string chores, string people, string cursorKey, string? prefix)
    {
        var builder = WebApplication.CreateSlimBuilder([
            "--urls", "http://127.0.0.1:0", $"--Popcorn:CursorKey={cursorKey}",
            $"--Popcorn:Upstreams:chores:BaseAddress={chores}", $"--Popcorn:Upstreams:people:BaseAddress={people}",
            .. prefix is null ? Array.Empty<string>() : [$"--Popcorn:Upstreams:chores:Prefix={prefix}"]]);
        builder.Logging.ClearProviders();
        builder.Services.AddOutputCache();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"));
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        var gateway = builder.Build();
        gateway.UseOutputCache();
        string chore = prefix + "Chore", field = prefix is null ? "chores" : "homeChores";
        gateway.MapPopcornGateway("/graphql", g => g.Upstream("chores").Upstream("people").Join($"{chore}.assignee", from: "people", key: "assigneeId"));
        gateway.MapPopcornUpstream("/api/chores", field);
        gateway.MapPopcornUpstream("/api/cached/chores", field).CacheOutput(p => p.Expire(TimeSpan.FromMinutes(5)));
        await gateway.StartAsync();
        _apps.Add(gateway);
        return new HttpClient { BaseAddress = new Uri(gateway.Urls.First()) };
    }

    private async Task<string> StartServiceAsync(Popcorn.Query.IPopcornContext context, ConcurrentQueue<string> received, Action<WebApplication> map)
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options =>
        {
            options.AddContext(context);
            options.CursorKey = CursorKey;
        });
        var app = builder.Build();
        app.Use(async (http, next) =>
        {
            if (http.Request.Path == "/graphql")
            {
                received.Enqueue(http.Request.Query["query"].ToString());
            }

            await next(http);
        });
        app.MapPopcornSchema();
        map(app);
        await app.StartAsync();
        _apps.Add(app);
        return app.Urls.First();
    }

    public async Task DisposeAsync()
    {
        Gateway?.Dispose();
        Service?.Dispose();
        foreach (var app in Enumerable.Reverse(_apps))
        {
            await app.DisposeAsync();
        }
    }
}

using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Cycles;

/// <summary>
/// A small app over one team of two players, the same data at REST (<c>/api/teams/{id}</c>) and at <c>/graphql</c>
/// (<c>team(id:)</c>), on Kestrel on loopback.
/// </summary>
public class TeamsServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    /// <summary>The <c>--Popcorn:GatewayUsesPopcornSemantics</c> switch.</summary>
    protected virtual bool GatewayUsesPopcornSemantics => false;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", "--environment", "Production", $"--Popcorn:GatewayUsesPopcornSemantics={GatewayUsesPopcornSemantics}"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(TeamsJsonContext.Default));
        _app = builder.Build();

        var owls = CreateTeam();
        _app.MapGet("/api/teams/{id:int}", (int id) => owls).WithPopcorn();
        _app.MapPopcornGateway("/graphql", gateway => gateway.Field("team", (int id) => owls, "One team by id."));
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()), Timeout = TimeSpan.FromSeconds(30) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    public async Task<string> GetAsync(string path, string include)
    {
        using var response = await Client.GetAsync($"{path}?include={Uri.EscapeDataString(include)}");
        return await response.Content.ReadAsStringAsync();
    }

    public async Task<(int Status, JsonNode Body)> PostGraphQLAsync(string query)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(new JsonObject { ["query"] = query }.ToJsonString(), Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        using var response = await Client.SendAsync(request);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }

    private static Team CreateTeam()
    {
        var team = new Team { Id = 1, Name = "Owls" };
        team.Players.Add(new Player { Id = 1, Name = "Ann", Team = team });
        team.Players.Add(new Player { Id = 2, Name = "Bo", Team = team });
        team.Captain = team.Players[0];
        return team;
    }
}

/// <summary>The same app with <c>GatewayUsesPopcornSemantics</c> on: <c>/graphql</c> answers as REST does.</summary>
public sealed class PopcornSemanticsTeamsServer : TeamsServer
{
    protected override bool GatewayUsesPopcornSemantics => true;
}

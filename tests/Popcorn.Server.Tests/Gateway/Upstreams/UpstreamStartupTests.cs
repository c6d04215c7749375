using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>What stops a gateway app at startup, each with a message that says what to fix.</summary>
public sealed class UpstreamStartupTests(UpstreamGatewayServer server) : IClassFixture<UpstreamGatewayServer>
{
    [Fact]
    public async Task TwoServicesWithTheSameTypeNames_AndNoPrefix_StopTheAppNamingThePrefixOption()
    {
        string service = server.Service.BaseAddress!.ToString();
        await using var app = UpstreamGatewayServer.BuildGateway(
            $"--Popcorn:Upstreams:hr:BaseAddress={service}",
            $"--Popcorn:Upstreams:again:BaseAddress={service}");

        var e = await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());

        // The services are read in configuration's order (again, hr): the second one clashes.
        e.Message.ShouldContain("Upstream 'hr' has a type 'Employee', and the gateway already has one of that name");
        e.Message.ShouldContain("Set Popcorn:Upstreams:hr:Prefix");
    }

    [Fact]
    public async Task ServiceThatIsDown_StopsTheAppNamingItsAddress()
    {
        await using var app = UpstreamGatewayServer.BuildGateway(
            "--Popcorn:Upstreams:hr:BaseAddress=http://127.0.0.1:9",
            "--Popcorn:Upstreams:hr:MaxRetries=0");

        var e = await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());

        e.Message.ShouldContain("The schema of upstream 'hr' could not be read from http://127.0.0.1:9/popcorn/schema");
    }

    [Fact]
    public async Task GatewayWithNoModelsOfItsOwn_StartsWithoutAContext_AndServesTheService()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0", $"--Popcorn:Upstreams:hr:BaseAddress={server.Service.BaseAddress}"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn();
        builder.Services.AddPopcornUpstreams(builder.Configuration.GetSection("Popcorn:Upstreams"));
        await using var app = builder.Build();
        app.MapPopcornGateway("/graphql", gateway => gateway.Upstream("hr"));

        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        var (status, body) = await UpstreamGatewayServer.PostAsync(client, "{ car(id: 1) { make } }");

        status.ShouldBe(200);
        body!["data"]!["car"]!["make"].ShouldNotBeNull();
    }

    [Fact]
    public async Task AppWithNoContextAndNoUpstreams_StillStopsAskingForAContext()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn();
        await using var app = builder.Build();

        var e = await Should.ThrowAsync<Exception>(() => app.StartAsync());

        e.Message.ShouldContain("No Popcorn context is registered");
    }

    [Theory]
    [InlineData("--Popcorn:Upstreams:hr:BaseAddress=/relative", "Popcorn:Upstreams:hr:BaseAddress must be an absolute http or https address")]
    [InlineData("--Popcorn:Upstreams:hr:Timeout=00:00:00", "Popcorn:Upstreams:hr:Timeout must be positive")]
    [InlineData("--Popcorn:Upstreams:hr:Prefix=1x", "Popcorn:Upstreams:hr:Prefix must be a GraphQL name")]
    public async Task WrongOption_StopsTheAppNamingIt(string argument, string message)
    {
        await using var app = UpstreamGatewayServer.BuildGateway($"--Popcorn:Upstreams:hr:BaseAddress={server.Service.BaseAddress}", argument);

        var e = await Should.ThrowAsync<Exception>(() => app.StartAsync());

        e.Message.ShouldContain(message);
    }
}

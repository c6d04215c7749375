using System.Net;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// Joins in the cost estimate: a joined field counts, per parent, what it writes plus what its service is asked for
/// (its selection, the target key) and the parent's key, multiplied by the lists above it; over the limit, <c>/graphql</c>
/// and a REST resource refuse the request before any service is called. A gateway with <c>MaxSelectionCost</c> 50
/// over <see cref="JoinServicesServer"/>'s services (assumed list size 10).
/// </summary>
public sealed class JoinCostTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>, IAsyncLifetime
{
    private WebApplication _gateway = null!;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        _gateway = JoinServicesServer.BuildGateway(
            g => g.Join("Parcel.recipient", from: "recipients", key: "recipientId")
                .Join("Recipient.depot", from: "depots", key: "depotCode", targetKey: "code"),
            "--Popcorn:MaxSelectionCost=50",
            $"--Popcorn:Upstreams:parcels:BaseAddress={server.ParcelsAddress}",
            $"--Popcorn:Upstreams:recipients:BaseAddress={server.RecipientsAddress}",
            $"--Popcorn:Upstreams:depots:BaseAddress={server.DepotsAddress}");
        _gateway.MapPopcornUpstream("/api/parcels", "parcels");
        _gateway.MapPopcornUpstream("/api/cheap/parcels", "parcels").WithPopcornCostLimit(59);
        await _gateway.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()) };
    }

    [Fact]
    public async Task Graphql_AJoinUnderARootList_CountsItsCall_AndOverTheLimitIsRefusedBeforeAnyServiceIsCalled()
    {
        int parcels = server.CountOf("parcels");
        int recipients = server.CountOf("recipients");

        // Written: 10 parcels x (id 1 + recipient 1 + name 1) = 30; the join: 10 x (name 1 + 2) = 30.
        var (status, body) = await UpstreamGatewayServer.PostAsync(_client, "{ parcels { id recipient { name } } }");

        status.ShouldBe(200);
        var error = body!["errors"]![0]!;
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("COST_LIMIT_EXCEEDED");
        error["message"]!.GetValue<string>().ShouldContain("estimated cost is 60, over the limit of 50");
        server.CountOf("parcels").ShouldBe(parcels);
        server.CountOf("recipients").ShouldBe(recipients);
    }

    [Fact]
    public async Task Graphql_TheSameWrittenCostWithoutAJoin_IsWithinTheLimit_AndAnswered()
    {
        // Written: 10 x (id, weight, label) = 30, as the joined selection above writes; no join, nothing added.
        var (status, body) = await UpstreamGatewayServer.PostAsync(_client, "{ parcels { id weight label } }");

        status.ShouldBe(200);
        body!["errors"].ShouldBeNull();
        body["data"]!["parcels"]!.AsArray().Count.ShouldBe(JoinServicesData.Parcels.Count);
    }

    [Fact]
    public async Task Graphql_AJoinUnderAJoin_CountsBothLevels_AndAFirstOnTheRootLowersTheCount()
    {
        // Per parcel: written recipient 1 + depot 1 + name 1 = 3; recipient's call 2 (its selection) + 2, depot's 1 + 2: 10 in all.
        var (_, over) = await UpstreamGatewayServer.PostAsync(_client, "{ parcels { recipient { depot { name } } } }");
        var (_, within) = await UpstreamGatewayServer.PostAsync(_client, "{ parcels(first: 5) { recipient { depot { name } } } }");

        over!["errors"]![0]!["message"]!.GetValue<string>().ShouldContain("estimated cost is 100,");
        within!["errors"].ShouldBeNull();
        within["data"]!["parcels"]!.AsArray().Count.ShouldBe(5);
    }

    [Fact]
    public async Task Rest_AJoinOverTheEndpointsLimit_Is400BeforeAnyServiceIsCalled_AndWithinItIsAnswered()
    {
        int parcels = server.CountOf("parcels");
        int recipients = server.CountOf("recipients");

        using var over = await _client.GetAsync("/api/cheap/parcels?include=[id,recipient[name]]");
        using var within = await _client.GetAsync("/api/cheap/parcels?include=" + Uri.EscapeDataString("(first: 4)[id,recipient[name]]"));

        string text = await over.Content.ReadAsStringAsync();
        over.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        var problem = JsonNode.Parse(text)!;
        problem["errorKind"]!.GetValue<string>().ShouldBe("LimitExceeded");
        problem["detail"]!.GetValue<string>().ShouldContain("estimated cost is 60, over the limit of 59");
        within.StatusCode.ShouldBe(HttpStatusCode.OK, await within.Content.ReadAsStringAsync());
        server.CountOf("parcels").ShouldBe(parcels + 1);
        server.CountOf("recipients").ShouldBe(recipients + 1);
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_gateway is not null)
        {
            await _gateway.DisposeAsync();
        }
    }
}

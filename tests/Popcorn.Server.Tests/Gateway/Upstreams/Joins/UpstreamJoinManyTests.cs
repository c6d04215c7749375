using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// A list field of one service's type resolved from another service by key (<c>gateway.JoinMany</c>): every element
/// whose target key equals the parent's key, in the service's order, fetched once per level with every key of it, paged
/// per parent with <c>first</c>/<c>skip</c>. A gateway of its own over <see cref="JoinServicesServer"/>'s services,
/// on real Kestrel.
/// </summary>
public sealed class UpstreamJoinManyTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>, IAsyncLifetime
{
    private WebApplication? _gateway;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        _gateway = JoinServicesServer.BuildGateway(
            g => g.JoinMany("Recipient.parcels", from: "parcels", targetKey: "recipientId")
                .Join("Parcel.recipient", from: "recipients", key: "recipientId")
                .JoinMany("Parcel.history", from: "outageRecipients", targetKey: "id", key: "recipientId"),
            $"--Popcorn:Upstreams:parcels:BaseAddress={server.ParcelsAddress}",
            $"--Popcorn:Upstreams:recipients:BaseAddress={server.RecipientsAddress}",
            $"--Popcorn:Upstreams:outage:BaseAddress={server.OutageAddress}",
            "--Popcorn:Upstreams:outage:Prefix=Outage",
            "--Popcorn:Upstreams:outage:MaxRetries=0");
        await _gateway.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_gateway.Urls.First()) };
    }

    [Fact]
    public async Task JoinMany_GivesEachParentEveryElementOfItsKey_InTheServicesOrder_FromOneCallForTheLevel()
    {
        int parcelCalls = server.CountOf("parcels");

        var (status, body) = await PostAsync("{ recipients { id parcels { id label } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        server.ReceivedBy("parcels", parcelCalls).ShouldBe(["[j0:parcels(where: {recipientId: {in: [1,2,3,4,5,6,7,8]}})[id,label,recipientId]]"]);
        var byRecipient = body["data"]!["recipients"]!.AsArray().ToDictionary(r => r!["id"]!.GetValue<int>(), r => Ids(r!["parcels"]));
        byRecipient.Select(r => $"{r.Key}: {string.Join(",", r.Value)}").ShouldBe(["1: 1,4", "2: 2,10", "3: 3", "4: 5", "5: 6", "6: 7", "7: 8", "8: 9"]);
        body["data"]!["recipients"]![0]!["parcels"]![0]!.AsObject().Select(p => p.Key).ShouldBe(["id", "label"]); // the target key was sent, not written
    }

    [Fact]
    public async Task JoinMany_FirstAndSkip_PageEachParentsList()
    {
        var (_, body) = await PostAsync("{ recipients(where: {id: {lte: 3}}) { id parcels(first: 1, skip: 1) { id } all: parcels { id } } }");

        body!["errors"].ShouldBeNull();
        var recipients = body["data"]!["recipients"]!.AsArray();
        recipients.Select(r => Ids(r!["parcels"])).ShouldBe([[4], [10], []]);
        recipients.Select(r => Ids(r!["all"])).ShouldBe([[1, 4], [2, 10], [3]]);
    }

    [Fact]
    public async Task JoinMany_UnderAndOverAJoinToOne_EachLevelOneCall()
    {
        int recipientCalls = server.CountOf("recipients");

        var (_, body) = await PostAsync("{ parcels(where: {id: {lte: 2}}) { id recipient { name parcels { label } } } }");

        body!["errors"].ShouldBeNull();
        server.ReceivedBy("recipients", recipientCalls).Length.ShouldBe(1);
        var parcels = body["data"]!["parcels"]!.AsArray();
        parcels[0]!["recipient"]!["parcels"]!.AsArray().Select(p => (string?)p!["label"]).ShouldBe(["books", "table"]);
        parcels[1]!["recipient"]!["parcels"]!.AsArray().Select(p => (string?)p!["label"]).ShouldBe(["lamp", "desk"]);
    }

    [Fact]
    public async Task JoinMany_IsANullableListInTheSchema_WithoutACursor()
    {
        string sdl = await _client.GetStringAsync("/graphql/schema.graphql");

        int start = sdl.IndexOf("type Recipient ", StringComparison.Ordinal);
        string recipient = sdl[start..sdl.IndexOf('}', start)];
        recipient.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("parcels", StringComparison.Ordinal)).ShouldBe(["parcels(first: Int, skip: Int, where: ParcelFilter): [Parcel]"]);
    }

    [Fact]
    public async Task JoinMany_Where_IsAndedWithTheLevelsKeys_InTheOneCall()
    {
        int parcelCalls = server.CountOf("parcels");

        var (_, body) = await PostAsync("{ recipients(where: {id: {lte: 2}}) { id parcels(where: {id: {gte: 4}}) { id } } }");

        body!["errors"].ShouldBeNull();
        server.ReceivedBy("parcels", parcelCalls).ShouldBe(["[j0:parcels(where: {and: [{recipientId: {in: [1,2]}}, {id: {gte: 4}}]})[id,recipientId]]"]);
        body["data"]!["recipients"]!.AsArray().Select(r => Ids(r!["parcels"])).ShouldBe([[4], [10]]);
    }

    [Fact]
    public async Task JoinMany_After_IsRefusedBeforeAnyCall()
    {
        int parcelCalls = server.CountOf("parcels");

        var (status, body) = await PostAsync("""[recipients[parcels(after: "abc")[id]]]""");

        status.ShouldBe(200); // application/json: GraphQL over HTTP's legacy status for a refused document
        body!["data"].ShouldBeNull();
        ((string)body["errors"]![0]!["message"]!).ShouldBe("Field 'parcels' on type 'Recipient' cannot be paged by cursor: it takes 'first', 'skip', 'orderBy' and 'where', not 'after'.");
        server.CountOf("parcels").ShouldBe(parcelCalls);
    }

    [Fact]
    public async Task JoinMany_WhoseServiceFails_IsNullWithAnErrorAtEachPath_AndTheRestIsAnswered()
    {
        var (status, body) = await PostAsync("{ parcels(where: {id: {lte: 2}}) { id history { name } } }");

        status.ShouldBe(200);
        var parcels = body!["data"]!["parcels"]!.AsArray();
        parcels.Select(p => p!["id"]!.GetValue<int>()).ShouldBe([1, 2]);
        parcels.ShouldAllBe(p => p!["history"] == null);
        var errors = body["errors"]!.AsArray();
        errors.Select(e => e!["path"]!.ToJsonString()).ShouldBe(["""["parcels",0,"history"]""", """["parcels",1,"history"]"""]);
        errors.ShouldAllBe(e => (string?)e!["extensions"]!["code"] == "SOURCE_UNAVAILABLE");
    }

    private static int[] Ids(JsonNode? list) => list!.AsArray().Select(p => p!["id"]!.GetValue<int>()).ToArray();

    private Task<(int Status, JsonNode? Body)> PostAsync(string query) => UpstreamGatewayServer.PostAsync(_client, query);

    public async Task DisposeAsync()
    {
        _client.Dispose();
        if (_gateway is not null)
        {
            await _gateway.DisposeAsync();
        }
    }
}

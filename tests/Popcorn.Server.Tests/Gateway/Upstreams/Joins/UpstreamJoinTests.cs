using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// Fields of one service's type resolved from another service by key (<c>gateway.Join</c>): one call per level per
/// service with every key of the level, chunked by the service's stated <c>in</c> bound, only the selected fields sent,
/// joined back in the parents' order, null for a missing key, and a failed join's error at its paths only.
/// </summary>
public sealed class UpstreamJoinTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>
{
    [Fact]
    public async Task Join_OneLevel_FetchesEveryKeyOfTheLevelInOneCall_WithOnlyTheSelectedFields()
    {
        int parcelCalls = server.CountOf("parcels");
        int recipientCalls = server.CountOf("recipients");

        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {lte: 6}}) { id recipient { name } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        server.ReceivedBy("parcels", parcelCalls).ShouldBe(["[parcels(where: {id: {lte: 6}})[id,recipientId]]"]);
        server.ReceivedBy("recipients", recipientCalls).ShouldBe(["[j0:recipients(where: {id: {in: [1,2,3,4,5]}})[name,id]]"]);
        var parcels = body["data"]!["parcels"]!.AsArray();
        parcels.Select(p => p!["id"]!.GetValue<int>()).ShouldBe([1, 2, 3, 4, 5, 6]);
        parcels.Select(p => p!["recipient"]!["name"]!.GetValue<string>()).ShouldBe(["Ada", "Brage", "Cora", "Ada", "Dag", "Eir"]);
        parcels[0]!["recipient"]!.AsObject().Select(p => p.Key).ShouldBe(["name"]);
    }

    [Fact]
    public async Task Join_TwoLevels_CallsEachServiceOncePerLevel_WithStringKeys()
    {
        int recipientCalls = server.CountOf("recipients");
        int depotCalls = server.CountOf("depots");

        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {lte: 6}}) { label recipient { name depot { name } } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        server.ReceivedBy("recipients", recipientCalls).ShouldBe(["[j0:recipients(where: {id: {in: [1,2,3,4,5]}})[name,depotCode,id]]"]);
        server.ReceivedBy("depots", depotCalls).ShouldBe(["""[j0:depots(where: {code: {in: ["OSL","BGO","TRD"]}})[name,code]]"""]);
        var depots = body["data"]!["parcels"]!.AsArray().Select(p => p!["recipient"]!["depot"]!["name"]!.GetValue<string>());
        depots.ShouldBe(["Oslo", "Bergen", "Oslo", "Oslo", "Trondheim", "Bergen"]);
    }

    [Fact]
    public async Task Join_MoreKeysThanTheServicesInBound_AreSentInChunksWithinIt_AndAllJoined()
    {
        int recipientCalls = server.CountOf("recipients");

        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels { id recipient { id name } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        var calls = server.ReceivedBy("recipients", recipientCalls);
        calls.ShouldBe(
        [
            "[j0:recipients(where: {id: {in: [1,2,3,4,5]}})[id,name]]",
            "[j0:recipients(where: {id: {in: [6,7,8,99]}})[id,name]]",
        ], ignoreOrder: true);
        var parcels = body["data"]!["parcels"]!.AsArray();
        foreach (var parcel in parcels)
        {
            var expected = JoinServicesData.Parcels.Single(p => p.Id == parcel!["id"]!.GetValue<int>());
            var recipient = JoinServicesData.Recipients.SingleOrDefault(r => r.Id == expected.RecipientId);
            (parcel!["recipient"]?["name"]?.GetValue<string>()).ShouldBe(recipient?.Name);
        }
    }

    [Fact]
    public async Task Join_KeyWithoutAMatch_OrNoKey_IsNullWithoutAnError()
    {
        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {gte: 9}}) { id recipient { name depot { name } } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        var parcels = body["data"]!["parcels"]!.AsArray();
        parcels.Select(p => p!["id"]!.GetValue<int>()).ShouldBe([9, 10, 11, 12]);
        parcels[0]!["recipient"]!["name"]!.GetValue<string>().ShouldBe("Hal");
        parcels[0]!["recipient"]!["depot"].ShouldBeNull(); // depot XXX does not exist
        parcels[2]!["recipient"].ShouldBeNull(); // recipient 99 does not exist
        parcels[3]!["recipient"].ShouldBeNull(); // no recipientId
        parcels[3]!.AsObject().ContainsKey("recipient").ShouldBeTrue();
    }

    [Fact]
    public async Task Join_FromAServiceThatFails_IsSourceUnavailableAtEachJoinedPath_AndTheRestIsAnswered()
    {
        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {lte: 3}}) { id recipient { name } lastKnownRecipient { name } } }");

        status.ShouldBe(200, body!.ToJsonString());
        var parcels = body["data"]!["parcels"]!.AsArray();
        parcels.Select(p => p!["recipient"]!["name"]!.GetValue<string>()).ShouldBe(["Ada", "Brage", "Cora"]);
        parcels.ShouldAllBe(p => p!["lastKnownRecipient"] == null);
        var errors = body["errors"]!.AsArray();
        errors.Select(e => e!["path"]!.ToJsonString()).ShouldBe(
        [
            """["parcels",0,"lastKnownRecipient"]""",
            """["parcels",1,"lastKnownRecipient"]""",
            """["parcels",2,"lastKnownRecipient"]""",
        ]);
        errors.ShouldAllBe(e => e!["extensions"]!["code"]!.GetValue<string>() == "SOURCE_UNAVAILABLE");
        errors[0]!["message"]!.GetValue<string>().ShouldBe("The field 'Parcel.lastKnownRecipient' is unavailable. The service 'outage' answered 503.");
    }

    [Fact]
    public async Task Join_WhoseKeyNameTheClientGaveToAnotherField_SendsTheKeyUnderAFreeAlias()
    {
        int parcelCalls = server.CountOf("parcels");

        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {eq: 2}}) { recipientId: weight r: recipient { id: name } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["errors"].ShouldBeNull();
        server.ReceivedBy("parcels", parcelCalls).ShouldBe(["[parcels(where: {id: {eq: 2}})[recipientId:weight,recipientId_:recipientId]]"]);
        body["data"]!.ToJsonString().ShouldBe("""{"parcels":[{"recipientId":20,"r":{"id":"Brage"}}]}""");
    }

    [Fact]
    public async Task Join_UnderAnAliasTwice_AndWithTypeName_AnswersEachInTheClientsOrder()
    {
        var (status, body) = await UpstreamGatewayServer.PostAsync(server.Gateway, "{ parcels(where: {id: {eq: 1}}) { a: recipient { __typename name } id b: recipient { id } } }");

        status.ShouldBe(200, body!.ToJsonString());
        body["data"]!.ToJsonString().ShouldBe("""{"parcels":[{"a":{"__typename":"Recipient","name":"Ada"},"id":1,"b":{"id":1}}]}""");
    }

    [Fact]
    public async Task Sdl_ListsTheJoinedFieldOnItsType()
    {
        string sdl = await server.Gateway.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("recipient: Recipient");
        sdl.ShouldContain("depot: Depot");
    }
}

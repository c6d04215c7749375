using System.Net;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>
/// REST resources of the gateway app served from upstreams (<c>MapPopcornUpstream</c>): the include syntax with
/// Popcorn's REST rules, joins batched as for <c>/graphql</c>, a bad selection a 400 with its position, and a failing
/// service a 503 (unreachable or unavailable), 504 (too slow) or 502 (an unusable answer) problem.
/// </summary>
public sealed class UpstreamResourceTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>
{
    [Fact]
    public async Task Get_WithAJoinInTheInclude_IsAnsweredFromBothServices_InBatches()
    {
        int parcelCalls = server.CountOf("parcels");
        int recipientCalls = server.CountOf("recipients");

        using var response = await server.Gateway.GetAsync("/api/parcels?include=[id,recipient[name]]");

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/json");
        server.ReceivedBy("parcels", parcelCalls).ShouldBe(["[parcels[id,recipientId]]"]);
        server.ReceivedBy("recipients", recipientCalls).Length.ShouldBe(2); // 9 keys, the service's bound is 5
        var expected = new JsonArray(JoinServicesData.Parcels.Select(p => (JsonNode)new JsonObject
        {
            ["id"] = p.Id,
            ["recipient"] = JoinServicesData.Recipients.SingleOrDefault(r => r.Id == p.RecipientId) is { } r ? new JsonObject { ["name"] = r.Name } : null,
        }).ToArray());
        text.ShouldBe(expected.ToJsonString());
    }

    [Fact]
    public async Task Get_AsCsv_WithAJoin_IsOneRowPerParcel_WithTheJoinedFieldAsADottedColumn()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/parcels?include=[id,recipient[name]]");
        request.Headers.Accept.ParseAdd("text/csv");

        using var response = await server.Gateway.SendAsync(request);

        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.OK, text);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("text/csv");
        var expected = JoinServicesData.Parcels.Select(p =>
            $"{p.Id},{Csv(JoinServicesData.Recipients.SingleOrDefault(r => r.Id == p.RecipientId)?.Name)}");
        text.ShouldBe(string.Join("\r\n", expected.Prepend("id,recipient.name")) + "\r\n");
    }

    private static string Csv(string? value) =>
        value is null ? string.Empty : value.IndexOfAny([',', '"', '\r', '\n']) >= 0 ? '"' + value.Replace("\"", "\"\"") + '"' : value;

    [Fact]
    public async Task Get_WithAnUnknownField_Is400WithItsPosition_AndNoUpstreamCall()
    {
        int parcelCalls = server.CountOf("parcels");

        using var response = await server.Gateway.GetAsync("/api/parcels?include=[id,weigth]");

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        problem["detail"]!.GetValue<string>().ShouldContain("weigth");
        problem["column"]!.GetValue<int>().ShouldBe(5);
        server.CountOf("parcels").ShouldBe(parcelCalls);
    }

    [Theory]
    [InlineData("/api/outage?include=[name]", 503, "Upstream service unavailable", "The service 'outage' answered 503.")]
    [InlineData("/api/slow?include=[name]", 504, "Upstream service timed out", "The service 'slow' is unavailable.")]
    [InlineData("/api/garbled?include=[name]", 502, "Upstream service failed", "The service 'garbled' sent malformed JSON.")]
    [InlineData("/api/parcels?include=[id,lastKnownRecipient[name]]", 503, "Upstream service unavailable", "The field 'Parcel.lastKnownRecipient' is unavailable. The service 'outage' answered 503.")]
    public async Task Get_WhenAServiceFails_IsAProblemWhoseStatusSaysHow(string path, int status, string title, string detail)
    {
        using var response = await server.Gateway.GetAsync(path);

        var text = await response.Content.ReadAsStringAsync();
        ((int)response.StatusCode).ShouldBe(status, text);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        var problem = JsonNode.Parse(text)!;
        problem["title"]!.GetValue<string>().ShouldBe(title);
        problem["detail"]!.GetValue<string>().ShouldBe(detail);
    }
}

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// The faults injected into the plain shipping service's answers (projected by the gateway from its OpenAPI document,
/// and streamed to the client when its list is the only root field), by a proxy process (<see cref="FaultyGateway"/>).
/// </summary>
public sealed partial class GatewayOverServicesTests
{
    [Theory]
    [InlineData("status", 503, 503, "The service 'shipping' answered 503.")]
    [InlineData("malformed", null, 502, "The service 'shipping' sent malformed JSON.")]
    [InlineData("wrong-type", null, 502, "breaks its OpenAPI document")]
    [InlineData("oversized", null, 502, "The service 'shipping' sent more than 65536 bytes")]
    public async Task ShippingServiceFault_ItsFieldsAreNullWithTheirPaths_TheOrdersAreAnswered_ThenItRecovers(
        string fault, int? code, int restStatus, string reason)
    {
        // Every shipment is read (no 'first'), so a body cut half-way is read to its cut.
        const string Query = "{ orders(first: 2) { id shipment { trackingCode } } shipments { trackingCode } }";
        var faulty = await services.FaultyGatewayAsync();
        await faulty.Shipping.InjectAsync(fault, code);
        try
        {
            var (status, body) = await faulty.QueryAsync(Query);

            status.ShouldBe(200, body.ToJsonString());
            body["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1,"shipment":null},{"id":2,"shipment":null}],"shipments":null}""");
            var errors = body["errors"]!.AsArray();
            string.Join(' ', errors.Select(e => e!["path"]!.ToJsonString()).Order()).ShouldBe(
                """["orders",0,"shipment"] ["orders",1,"shipment"] ["shipments"]""", body.ToJsonString());
            errors.ShouldAllBe(e => e!["extensions"]!["code"]!.GetValue<string>() == "SOURCE_UNAVAILABLE");
            errors.ShouldAllBe(e => e!["message"]!.GetValue<string>().Contains(reason), body.ToJsonString());

            // The list alone is streamed to the client; the fault is found before its first bytes leave the gateway, so
            // the held answer is dropped and written again with the field null and its error.
            var (streamedStatus, streamed) = await faulty.QueryAsync("{ shipments { trackingCode } }");
            streamedStatus.ShouldBe(200, streamed.ToJsonString());
            streamed["data"]!.ToJsonString().ShouldBe("""{"shipments":null}""");
            var error = streamed["errors"]!.AsArray().ShouldHaveSingleItem()!;
            error["path"]!.ToJsonString().ShouldBe("""["shipments"]""");
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            error["message"]!.GetValue<string>().ShouldContain(reason);

            // Over REST, the join to the plain service fails the resource with its problem.
            using var rest = await faulty.Client.GetAsync("/api/orders?include=(first: 2)[id,shipment[trackingCode]]");
            ((int)rest.StatusCode).ShouldBe(restStatus, await rest.Content.ReadAsStringAsync());
            rest.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        }
        finally
        {
            await faulty.Shipping.InjectAsync("healthy");
        }

        var (_, recovered) = await faulty.QueryAsync(Query);
        recovered["errors"].ShouldBeNull(recovered.ToJsonString());
        recovered["data"]!["orders"]!.ToJsonString().ShouldBe("""[{"id":1,"shipment":{"trackingCode":"PK-0001"}},{"id":2,"shipment":{"trackingCode":"PK-0002"}}]""");
        recovered["data"]!["shipments"]!.AsArray().Count.ShouldBe(30);
    }
}

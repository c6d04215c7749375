namespace Popcorn.StoreServices.Tests;

/// <summary>The shipping service, a plain JSON API without Popcorn, behind the same gateway as the two Popcorn services.</summary>
public sealed partial class GatewayOverServicesTests
{
    [Fact]
    public async Task PlainShippingService_IsServedFromItsOpenApiDocument_BesideThePopcornServices()
    {
        int before = services.Shipping.Output.Length;

        var (status, body) = await services.QueryAsync(
            "{ orders(first: 2) { id } shipments(orderId: 3) { trackingCode delivered destination { city } events { note } } shipment(id: 1002) { carrier weightKg } none: shipment(id: 1004) { id } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // Seeded (ShipmentsSeed): order n's shipment is 1000 + n, carried by Carriers[n % 3] to Places[n % 4],
        // delivered (three events) when n is a multiple of 3, weighing 0.5 + n % 7 kg; order 4 has none (a 404 the
        // operation declares, so null without an error).
        body["data"]!.ToJsonString().ShouldBe(
            """{"orders":[{"id":1},{"id":2}],"shipments":[{"trackingCode":"PK-0003","delivered":true,"destination":{"city":"Stavanger"},"events":[{"note":"picked up"},{"note":"in transit"},{"note":"delivered"}]}],"shipment":{"carrier":"DHL","weightKg":2.5},"none":null}""");
        string log = await services.Shipping.WaitForRequestsAsync(before);
        log.ShouldContain("GET http://127.0.0.1:" + services.Shipping.Address.Port + "/shipments?orderId=3");
        log.ShouldContain("/shipments/1002 ");
    }

    [Fact]
    public async Task PlainShippingService_IsServedAsRestResources_WithItsParameters_AndAJoinToTheOrdersService()
    {
        using var list = await services.Client.GetAsync("/api/shipments?orderId=3&orderId=5&include=" + Uri.EscapeDataString("[trackingCode,order[customerId]]"));
        using var one = await services.Client.GetAsync("/api/shipments/1002?include=[carrier]");
        using var none = await services.Client.GetAsync("/api/shipments/1004?include=[carrier]");
        using var malformed = await services.Client.GetAsync("/api/shipments?orderId=3&orderId=three");

        (await list.Content.ReadAsStringAsync()).ShouldBe(
            """[{"trackingCode":"PK-0003","order":{"id":3,"customerId":3}},{"trackingCode":"PK-0005","order":{"id":5,"customerId":5}}]""");
        (await one.Content.ReadAsStringAsync()).ShouldBe("""{"carrier":"DHL"}""");
        none.StatusCode.ShouldBe(System.Net.HttpStatusCode.NotFound); // order 4 has no shipment: the operation's declared 404
        malformed.StatusCode.ShouldBe(System.Net.HttpStatusCode.BadRequest);
        (await malformed.Content.ReadAsStringAsync()).ShouldContain("Each 'orderId' must be an Int (a whole number); 'three' is not.");
    }

    [Fact]
    public async Task ShipmentsWithTheirOrder_AreJoinedFromThePlainService_WithOneCallToTheOrdersService()
    {
        int before = services.Orders.Output.Length;

        var (status, body) = await services.QueryAsync("{ shipments(first: 3) { id order { id customerId } } shipment(id: 1005) { order { id } } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // Seeded: shipment 1000 + n carries order n (order 4 has none, so the first three are 1001, 1002, 1003).
        body["data"]!.ToJsonString().ShouldBe(
            """{"shipments":[{"id":1001,"order":{"id":1,"customerId":1}},{"id":1002,"order":{"id":2,"customerId":2}},{"id":1003,"order":{"id":3,"customerId":3}}],"shipment":{"order":{"id":5}}}""");
        string log = await services.Orders.WaitForRequestsAsync(before);
        var calls = log.Split('\n').Where(line => line.Contains("Request starting") && line.Contains("/graphql?query=")).Select(Uri.UnescapeDataString).ToArray();
        calls.Length.ShouldBe(2, log); // one per root field's level: the list's three keys together, the object's one
        calls.ShouldContain(c => c.Contains("[j0:orders(where: {id: {in: [1,2,3]}})[id,customerId]]"));
        calls.ShouldContain(c => c.Contains("[j0:orders(where: {id: {in: [5]}})[id]]"));
    }

    [Fact]
    public async Task OrdersWithTheirShipment_AreJoinedToThePlainService_WithOneCallCarryingEveryOrderId()
    {
        int before = services.Shipping.Output.Length;

        var (status, body) = await services.QueryAsync("{ orders(first: 5) { id shipment { trackingCode order { id } } } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // Seeded: order n's shipment is PK-000n; order 4 has none, so its field is null without an error. Under the
        // shipment, its order is joined back from the orders service (a third level).
        body["data"]!.ToJsonString().ShouldBe(
            """{"orders":[{"id":1,"shipment":{"trackingCode":"PK-0001","order":{"id":1}}},{"id":2,"shipment":{"trackingCode":"PK-0002","order":{"id":2}}},{"id":3,"shipment":{"trackingCode":"PK-0003","order":{"id":3}}},{"id":4,"shipment":null},{"id":5,"shipment":{"trackingCode":"PK-0005","order":{"id":5}}}]}""");
        string log = await services.Shipping.WaitForRequestsAsync(before);
        var calls = log.Split('\n').Where(line => line.Contains("Request starting") && line.Contains("/shipments")).ToArray();
        calls.ShouldHaveSingleItem(log).ShouldContain("/shipments?orderId=1&orderId=2&orderId=3&orderId=4&orderId=5 ");
    }

    [Fact]
    public async Task PlainShippingServiceKilled_ItsFieldIsSourceUnavailable_TheOrdersAreAnswered_AndItRecoversWhenRestarted()
    {
        const string Query = "{ orders(first: 1) { id } shipments(first: 1) { id } }";

        await services.RestartShippingAsync(whileDown: async () =>
        {
            var (status, body) = await services.QueryAsync(Query);

            status.ShouldBe(200, body.ToJsonString());
            body["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1}],"shipments":null}""");
            var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            error["path"]!.ToJsonString().ShouldBe("""["shipments"]""");
        });

        var (_, after) = await services.QueryAsync(Query);
        after["errors"].ShouldBeNull();
        after["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1}],"shipments":[{"id":1001}]}""");
    }

    [Fact]
    public async Task PlainShippingServiceKilled_UnderAJoin_EachShipmentIsNullWithItsPath_TheOrdersAreAnswered()
    {
        const string Query = "{ orders(first: 2) { id shipment { trackingCode } } }";

        await services.RestartShippingAsync(whileDown: async () =>
        {
            var (status, body) = await services.QueryAsync(Query);

            status.ShouldBe(200, body.ToJsonString());
            body["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1,"shipment":null},{"id":2,"shipment":null}]}""");
            var errors = body["errors"]!.AsArray();
            errors.Select(e => e!["path"]!.ToJsonString()).ShouldBe(["""["orders",0,"shipment"]""", """["orders",1,"shipment"]"""]);
            errors.ShouldAllBe(e => e!["extensions"]!["code"]!.GetValue<string>() == "SOURCE_UNAVAILABLE");
        });

        var (_, after) = await services.QueryAsync(Query);
        after["errors"].ShouldBeNull();
        after["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1,"shipment":{"trackingCode":"PK-0001"}},{"id":2,"shipment":{"trackingCode":"PK-0002"}}]}""");
    }
}

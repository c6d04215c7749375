using System.Diagnostics;
using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// The gateway in front of two services, each its own process: a query answered from both, its arguments and selection
/// reaching the service's SQL, and a service killed and restarted under it.
/// </summary>
public sealed partial class GatewayOverServicesTests(StoreServicesFixture services) : IClassFixture<StoreServicesFixture>
{
    [Fact]
    public async Task Query_OverBothServices_IsAnsweredFromEachWithItsArgumentsPushedDown()
    {
        var (status, body) = await services.QueryAsync(
            """{ orders(first: 2, where: {customerId: {eq: 2}}) { id customerId lines { sku } } customers(where: {city: {eq: "Oslo"}}) { name } }""");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // Seeded: order n belongs to customer (n - 1) % 12 + 1 and has n % 3 + 1 lines; customer n lives in Cities[n % 4].
        body["data"]!.ToJsonString().ShouldBe(
            """{"orders":[{"id":2,"customerId":2,"lines":[{"sku":"LAMP-003"},{"sku":"DESK-004"},{"sku":"MUG-005"}]},{"id":14,"customerId":2,"lines":[{"sku":"MUG-005"},{"sku":"BOOK-001"},{"sku":"PEN-002"}]}],"customers":[{"name":"Ada Lovelace"},{"name":"Barbara Liskov"},{"name":"Margaret Hamilton"}]}""");
    }

    [Fact]
    public async Task Query_ThroughTheGateway_ReachesTheOrdersDatabaseAsOneNarrowStatement()
    {
        int before = services.Orders.Output.Length;

        var (status, body) = await services.QueryAsync("""{ orders(first: 3, where: {status: {eq: "shipped"}}) { id } }""");

        status.ShouldBe(200, body.ToJsonString());
        body["data"]!["orders"]!.AsArray().Select(o => o!["id"]!.GetValue<int>()).ShouldBe([1, 4, 7]);
        string sql = await services.Orders.WaitForRequestsAsync(before);
        sql.ShouldContain("WHERE \"o\".\"Status\" = ");
        sql.ShouldContain("LIMIT ");
        sql.ShouldNotContain("\"Total\""); // not selected, not read
        sql.ShouldNotContain("\"OrderLine\""); // nor the lines
    }

    [Fact]
    public async Task CustomersByAListOfIds_AreOneCallAnsweredInTheServicesOrder()
    {
        // The lookup a join across services will make: all the keys of a level in one 'in'.
        var (status, body) = await services.QueryAsync("{ customers(where: {id: {in: [9, 2, 5, 99]}}) { id name } }");

        status.ShouldBe(200, body.ToJsonString());
        body["data"]!.ToJsonString().ShouldBe(
            """{"customers":[{"id":2,"name":"Grace Hopper"},{"id":5,"name":"Barbara Liskov"},{"id":9,"name":"Margaret Hamilton"}]}""");
    }

    [Fact]
    public async Task OrdersWithTheirCustomer_AreJoinedWithOneCallToTheCustomersService_AndOneStatementThere()
    {
        int before = services.Customers.Output.Length;

        var (status, body) = await services.QueryAsync("{ orders(first: 20) { id customer { name city } } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // The service logs through the console logger's queue, so its lines can reach us after the gateway's answer:
        // wait until every call it started is logged as finished (the statement is logged before that).
        string log = await services.Customers.WaitForRequestsAsync(before);

        var calls = log.Split('\n').Where(line => line.Contains("Request starting") && line.Contains("/graphql?query=")).ToArray();
        calls.ShouldHaveSingleItem(log); // 20 orders, 12 distinct customers: one call with all 12 keys
        Uri.UnescapeDataString(calls[0]).ShouldContain("[j0:customers(where: {id: {in: [1,2,3,4,5,6,7,8,9,10,11,12]}})[name,city,id]]");
        CountOf(log, "Executed DbCommand").ShouldBe(1, log);

        // Seeded: order n belongs to customer (n - 1) % 12 + 1; the customers as the service itself gives them.
        var (_, direct) = await services.QueryAsync("{ customers { id name city } }");
        var byId = direct["data"]!["customers"]!.AsArray().ToDictionary(c => c!["id"]!.GetValue<int>(), c => c!.ToJsonString());
        foreach (var order in body["data"]!["orders"]!.AsArray())
        {
            int id = order!["id"]!.GetValue<int>();
            order["customer"]!.ToJsonString().ShouldBe(byId[(id - 1) % 12 + 1].Replace($"\"id\":{(id - 1) % 12 + 1},", string.Empty));
        }
    }

    [Fact]
    public async Task CustomersWithTheirOrders_AreJoinedWithOneCallToTheOrdersService_AndOneStatementThere()
    {
        int before = services.Orders.Output.Length;

        var (status, body) = await services.QueryAsync("{ customers(where: {id: {lte: 3}}) { id recent: orders(first: 2) { id customerId } } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        string log = await services.Orders.WaitForRequestsAsync(before);
        var calls = log.Split('\n').Where(line => line.Contains("Request starting") && line.Contains("/graphql?query=")).ToArray();
        calls.ShouldHaveSingleItem(log); // three customers' lists from one call with their three keys
        Uri.UnescapeDataString(calls[0]).ShouldContain("[j0:orders(where: {customerId: {in: [1,2,3]}})[id,customerId]]");
        CountOf(log, "Executed DbCommand").ShouldBe(1, log); // one statement, reading the two selected columns
        log.ShouldContain("SELECT \"o\".\"Id\", \"o\".\"CustomerId\"\n", Case.Sensitive, log);
        log.ShouldContain("WHERE \"o\".\"CustomerId\" IN (", Case.Sensitive, log);

        // Seeded: order n belongs to customer (n - 1) % 12 + 1, so customer c's first orders are c and c + 12.
        body["data"]!.ToJsonString().ShouldBe(
            """{"customers":[{"id":1,"recent":[{"id":1,"customerId":1},{"id":13,"customerId":1}]},{"id":2,"recent":[{"id":2,"customerId":2},{"id":14,"customerId":2}]},{"id":3,"recent":[{"id":3,"customerId":3},{"id":15,"customerId":3}]}]}""");
    }

    [Fact]
    public async Task CustomersLatestOrders_AreOrderedByTheOrdersService_AndPagedPerCustomerByTheGateway()
    {
        var (status, body) = await services.QueryAsync("{ customers(where: {id: {lte: 2}}) { id latest: orders(orderBy: {id: DESC}, first: 2) { id } } }");

        status.ShouldBe(200, body.ToJsonString());
        body["errors"].ShouldBeNull();
        // Seeded: 40 orders, order n belongs to customer (n - 1) % 12 + 1: customer 1 has 1, 13, 25, 37.
        body["data"]!.ToJsonString().ShouldBe("""{"customers":[{"id":1,"latest":[{"id":37},{"id":25}]},{"id":2,"latest":[{"id":38},{"id":26}]}]}""");
    }

    [Fact]
    public async Task RestResourceOnTheGateway_WithAJoinInTheInclude_IsAnsweredFromBothServices()
    {
        int before = services.Customers.Output.Length;

        using var response = await services.Client.GetAsync("/api/orders?include=[id,customer[name]]");

        string text = await response.Content.ReadAsStringAsync();
        ((int)response.StatusCode).ShouldBe(200, text);
        var orders = JsonNode.Parse(text)!.AsArray();
        orders.Count.ShouldBe(40);
        // REST's rules: the customer's [Always] id is added, as for a local resource.
        orders[0]!.ToJsonString().ShouldBe("""{"id":1,"customer":{"id":1,"name":"Ada Lovelace"}}""");
        orders[12]!.ToJsonString().ShouldBe("""{"id":13,"customer":{"id":1,"name":"Ada Lovelace"}}""");
        string log = await services.Customers.WaitForRequestsAsync(before);
        log.Split('\n').Count(line => line.Contains("Request starting") && line.Contains("/graphql?query=")).ShouldBe(1, log); // 40 orders, 12 customers: one call
    }

    [Fact]
    public async Task RestResourceOnTheGateway_WithTheServicesOwnFields_IsTheServicesBytes()
    {
        // The strings are copied as the service wrote them: a date's offset keeps its '+' (not \u002B, as decoding and
        // escaping it again with the default encoder wrote it), so the gateway's answer is the service's, byte for byte.
        const string Include = "?include=[id,placedAt,status]";
        using var service = new HttpClient { BaseAddress = services.Orders.Address };

        string direct = await service.GetStringAsync("/api/orders" + Include);
        string gateway = await services.Client.GetStringAsync("/api/orders" + Include);

        direct.ShouldContain("+00:00");
        gateway.ShouldBe(direct);
    }

    [Fact]
    public async Task ServiceKilled_ItsFieldIsSourceUnavailable_TheOtherIsAnswered_AndItRecoversWhenRestarted()
    {
        const string Query = "{ orders(first: 1) { id } customers(first: 1) { name } }";

        await services.RestartCustomersAsync(whileDown: async () =>
        {
            var (status, body) = await services.QueryAsync(Query);

            status.ShouldBe(200, body.ToJsonString());
            body["data"]!["orders"]![0]!["id"]!.GetValue<int>().ShouldBe(1);
            body["data"]!["customers"].ShouldBeNull();
            var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
            error["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
            error["path"]!.ToJsonString().ShouldBe("""["customers"]""");
            error["message"]!.GetValue<string>().ShouldContain("customers");

            // Over REST, a join to the service that is down fails the resource with a 503 problem.
            using var rest = await services.Client.GetAsync("/api/orders?include=[id,customer[name]]");
            ((int)rest.StatusCode).ShouldBe(503, await rest.Content.ReadAsStringAsync());
            rest.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        });

        JsonNode answered = await UntilAnsweredAsync(Query);
        answered["data"]!["customers"]![0]!["name"]!.GetValue<string>().ShouldBe("Ada Lovelace");
    }

    private static int CountOf(string text, string value)
    {
        int count = 0;
        for (int at = text.IndexOf(value, StringComparison.Ordinal); at >= 0; at = text.IndexOf(value, at + value.Length, StringComparison.Ordinal))
        {
            count++;
        }

        return count;
    }

    /// <summary>
    /// Asks until the answer has no errors: the gateway's pooled connection to the killed process and its resilience
    /// handler's state take a call or two to notice the new one. Fails after 30 s.
    /// </summary>
    private async Task<JsonNode> UntilAnsweredAsync(string query)
    {
        var watch = Stopwatch.StartNew();
        while (true)
        {
            var (status, body) = await services.QueryAsync(query);
            if (status == 200 && body["errors"] is null)
            {
                return body;
            }

            if (watch.Elapsed > TimeSpan.FromSeconds(30))
            {
                throw new TimeoutException($"The gateway still answered {status} {body.ToJsonString()} 30 s after the customers service was restarted.");
            }

            await Task.Delay(200);
        }
    }
}

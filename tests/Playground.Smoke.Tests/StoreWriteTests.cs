using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

/// <summary>
/// The store's writes over EF Core, in both transports: the gateway's mutations and the same as REST POST/PATCH
/// endpoints, each with a selection on the result. Its own app instance (and in-memory database), as the orders placed
/// here must not change what the other smoke tests count.
/// </summary>
public class StoreWriteTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Fact]
    public async Task PlaceOrder_Mutation_ReadsThePlacedOrderBack_ByTheSelection()
    {
        var body = await MutateAsync(
            "mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { status note customer { id } lines { quantity product { id } } } }",
            """{"input":{"customerId":3,"note":"gift","lines":[{"productId":2,"quantity":3},{"productId":5,"quantity":1}]}}""");

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"placeOrder":[{"status":"Open","note":"gift","customer":{"id":3},"lines":[{"quantity":3,"product":{"id":2}},{"quantity":1,"product":{"id":5}}]}]}""");
    }

    [Fact]
    public async Task ChangeStatus_ThenCancel_InOneDocument_RunInOrder_TheRefusedCancelIsItsFieldsError()
    {
        int id = await PlaceAsync();

        var body = await MutateAsync($$"""mutation { shipped: changeOrderStatus(id: {{id}}, status: Shipped) { status } cancelled: cancelOrder(id: {{id}}) { id } }""");

        body["data"]!.ToJsonString().ShouldBe("""{"shipped":{"status":"Shipped"},"cancelled":null}""");
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe($"Order {id} is Shipped: only an open order can be cancelled.");
        error["extensions"]!["code"]!.GetValue<string>().ShouldBe("INVALID_TRANSITION");
        error["path"]![0]!.GetValue<string>().ShouldBe("cancelled");
    }

    [Fact]
    public async Task CancelOrder_DeletesIt()
    {
        int id = await PlaceAsync();

        var body = await MutateAsync($$"""mutation { cancelOrder(id: {{id}}) { id status } }""");

        body["data"]!.ToJsonString().ShouldBe($$$"""{"cancelOrder":{"id":{{{id}}},"status":"Open"}}""");
        var orders = JsonNode.Parse(await playground.Client.GetStringAsync($"/api/store/orders?include=[id]"))!.AsArray();
        orders.ShouldNotContain(o => o!["id"]!.GetValue<int>() == id);
    }

    [Fact]
    public async Task PlaceOrder_UnknownProduct_IsNotFound_AndNothingIsWritten()
    {
        int before = await CountAsync();

        var body = await MutateAsync("""mutation { placeOrder(input: {customerId: 1, lines: [{productId: 999999, quantity: 1}]}) { id } }""");

        body["data"]!.ToJsonString().ShouldBe("""{"placeOrder":null}""");
        body["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("NOT_FOUND");
        (await CountAsync()).ShouldBe(before);
    }

    [Fact]
    public async Task Rest_Post_CreatesTheOrder_WithTheSelectionOnTheResult()
    {
        using var response = await playground.Client.PostAsJsonAsync("/api/store/orders?include=[status,lines[quantity]]", new { customerId = 2, lines = new[] { new { productId = 1, quantity = 4 } } });

        response.StatusCode.ShouldBe(HttpStatusCode.Created);
        var order = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsObject();
        response.Headers.Location!.ToString().ShouldBe($"/api/store/orders/{order["id"]!.GetValue<int>()}");
        order.Select(p => p.Key).ShouldBe(["id", "status", "lines"], "REST's rule: the selection, with [Always] id added");
        order["status"]!.GetValue<string>().ShouldBe("Open");
        order["lines"]!.AsArray().ShouldHaveSingleItem()!["quantity"]!.GetValue<int>().ShouldBe(4);
    }

    [Fact]
    public async Task Rest_Patch_MovesTheStatus_AndRefusesGoingBack_As422WithTheCode()
    {
        int id = await PlaceAsync();

        using var shipped = await PatchAsync($"/api/store/orders/{id}?include=[status]", """{"status":"Shipped"}""");
        using var back = await PatchAsync($"/api/store/orders/{id}", """{"status":"Open"}""");

        shipped.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await shipped.Content.ReadAsStringAsync()).ShouldBe($$$"""{"id":{{{id}}},"status":"Shipped"}""");
        back.StatusCode.ShouldBe(HttpStatusCode.UnprocessableEntity);
        var problem = JsonNode.Parse(await back.Content.ReadAsStringAsync())!;
        problem["code"]!.GetValue<string>().ShouldBe("INVALID_TRANSITION");
        problem["detail"]!.GetValue<string>().ShouldBe($"Order {id} is Shipped and cannot go back to Open.");
    }

    private async Task<int> PlaceAsync()
    {
        var body = await MutateAsync("""mutation { placeOrder(input: {customerId: 1, lines: [{productId: 1, quantity: 1}]}) { id } }""");
        return body["data"]!["placeOrder"]![0]!["id"]!.GetValue<int>();
    }

    private async Task<int> CountAsync() =>
        JsonNode.Parse(await playground.Client.GetStringAsync("/api/store/orders?include=[id]"))!.AsArray().Count;

    private Task<HttpResponseMessage> PatchAsync(string uri, string json) =>
        playground.Client.PatchAsync(uri, new StringContent(json, Encoding.UTF8, "application/json"));

    private async Task<JsonNode> MutateAsync(string query, string? variables = null)
    {
        var payload = new JsonObject { ["query"] = query };
        if (variables is not null)
        {
            payload["variables"] = JsonNode.Parse(variables);
        }

        using var response = await playground.Client.PostAsync("/graphql", new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json"));
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}

using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Filters through a reference and over a list, through Kestrel: both syntaxes and <c>/graphql</c> (literals and
/// variables) keep the same rows from SQL, from a list in memory and from a stream; the input types describe them; a
/// <c>[Never]</c> field beyond a reference is unknown; a path through too many references is a 400, never a 5xx.
/// </summary>
public abstract class NavigationFilterEndpointTests(IStoreDatabase store)
{
    private static readonly string[] s_filters =
    [
        "{customer: {name: {startsWith: \"Customer 1\"}}}",
        "{lines: {some: {quantity: {gte: 5}}}}",
        "{lines: {all: {quantity: {gte: 3}}, some: {}}}",
        "{lines: {none: {product: {sku: \"SKU-003\"}}}, customer: {email: {contains: \"2\"}}}",
        "{not: {lines: {some: {product: {sku: {in: [\"SKU-001\", \"SKU-002\"]}}}}}}",
    ];

    [StoreFact]
    public async Task NavigationFilters_InBothSyntaxes_KeepTheSameRows_FromSqlFromMemoryAndFromAStream()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        foreach (string where in s_filters)
        {
            int[] expected = await server.IdsAsync("/orders", $"(where: {where})[id]");
            expected.ShouldNotBeEmpty(where);
            foreach (string path in new[] { "/orders", "/memory/orders", "/stream/orders" })
            {
                (await server.IdsAsync(path, $"(where: {where})[id]")).ShouldBe(expected, path + " " + where);
                (await server.IdsAsync(path, $"(where: {where}) {{ id }}")).ShouldBe(expected, path + " " + where);
            }
        }
    }

    [StoreFact]
    public async Task NavigationFilters_AtGraphQL_AcceptLiteralsAndVariables_FromSqlAndFromMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        int[] expected = await server.IdsAsync("/memory/orders", "(where: {customer: {name: {startsWith: \"Customer 1\"}}, lines: {some: {product: {sku: {neq: \"SKU-003\"}}}}})[id]");
        expected.ShouldNotBeEmpty();

        var literal = await server.PostGraphQLAsync(
            "{ orders(where: {customer: {name: {startsWith: \"Customer 1\"}}, lines: {some: {product: {sku: {neq: \"SKU-003\"}}}}}) { id } memoryOrders(where: {customer: {name: {startsWith: \"Customer 1\"}}, lines: {some: {product: {sku: {neq: \"SKU-003\"}}}}}) { id } }",
            HttpStatusCode.OK);
        StoreServer.Ids(literal["data"]!["orders"]!).ShouldBe(expected);
        StoreServer.Ids(literal["data"]!["memoryOrders"]!).ShouldBe(expected);

        var variables = await server.PostGraphQLAsync(
            "query($where: OrderFilter) { orders(where: $where) { id } memoryOrders(where: $where) { id } }",
            HttpStatusCode.OK,
            new { where = new { customer = new { name = new { startsWith = "Customer 1" } }, lines = new { some = new { product = new { sku = new { neq = "SKU-003" } } } } } });
        StoreServer.Ids(variables["data"]!["orders"]!).ShouldBe(expected);
        StoreServer.Ids(variables["data"]!["memoryOrders"]!).ShouldBe(expected);
    }

    [StoreFact]
    public async Task TheInputTypes_FollowReferencesAndQuantifyLists()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        var body = await server.PostGraphQLAsync(
            "{ o: __type(name: \"OrderFilter\") { inputFields { name type { name } } } l: __type(name: \"OrderLineListFilter\") { inputFields { name type { name } } } }",
            HttpStatusCode.OK);

        var order = body["data"]!["o"]!["inputFields"]!.AsArray().ToDictionary(f => (string)f!["name"]!, f => (string?)f!["type"]!["name"]);
        order["customer"].ShouldBe("CustomerFilter");
        order["lines"].ShouldBe("OrderLineListFilter");
        var list = body["data"]!["l"]!["inputFields"]!.AsArray().Select(f => ((string)f!["name"]!, (string?)f!["type"]!["name"])).ToArray();
        list.ShouldBe([("some", "OrderLineFilter"), ("all", "OrderLineFilter"), ("none", "OrderLineFilter")]);
    }

    [StoreFact]
    public async Task ANeverFieldBeyondAReference_IsUnknown_OverRestAndAtGraphQL()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("(where: {customer: {passwordHash: \"x\"}})[id]"));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        ((string)JsonNode.Parse(text)!["detail"]!).ShouldStartWith("Unknown field 'passwordHash' on type 'Customer'.");

        var body = await server.PostGraphQLAsync("{ orders(where: {customer: {passwordHash: {eq: \"x\"}}}) { id } }", HttpStatusCode.BadRequest);
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        ((string)error["message"]!).ShouldContain("passwordHash");
        ((string)error["message"]!).ShouldNotContain("String");
        error["locations"].ShouldNotBeNull();
    }

    [StoreFact]
    public async Task APathThroughTooManyReferences_Is400_OverRestAndAtGraphQL_LiteralOrVariable()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        // Ten hops: customer, then orders and customer in turn; the bound is four.
        string where = string.Concat(Enumerable.Repeat("{customer: {orders: {some: ", 5)) + "{id: {eq: 1}}" + string.Concat(Enumerable.Repeat("}}}", 5));

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString($"(where: {where})[id]"));
        string text = await response.Content.ReadAsStringAsync();
        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, text);
        ((string)JsonNode.Parse(text)!["detail"]!).ShouldContain("MaxFilterNavigationDepth");

        var literal = await server.PostGraphQLAsync($"{{ orders(where: {where}) {{ id }} }}", HttpStatusCode.BadRequest);
        ((string)literal["errors"]![0]!["message"]!).ShouldContain("MaxFilterNavigationDepth");

        JsonNode nested = new JsonObject { ["id"] = new JsonObject { ["eq"] = 1 } };
        for (int i = 0; i < 10; i++)
        {
            nested = new JsonObject { ["customer"] = new JsonObject { ["orders"] = new JsonObject { ["some"] = nested } } };
        }

        var variable = await server.PostGraphQLAsync("query($w: OrderFilter) { orders(where: $w) { id } }", HttpStatusCode.BadRequest, new { w = nested });
        ((string)variable["errors"]![0]!["message"]!).ShouldContain("MaxFilterNavigationDepth");
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteNavigationFilterEndpointTests(SqliteStore store) : NavigationFilterEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresNavigationFilterEndpointTests(PostgresStore store) : NavigationFilterEndpointTests(store), IClassFixture<PostgresStore>;

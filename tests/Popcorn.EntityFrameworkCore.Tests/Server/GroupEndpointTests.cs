using System.Net;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// <c>xAggregate[groups(by: [...])[key,count,...]]</c> through Kestrel on an EF Core query: one statement per aggregate
/// key after the rows' own, reading the kept elements' parent key and the grouped and measured columns only; the same
/// JSON as the graph in memory, over REST and <c>/graphql</c>; typed in the SDL; bad groups are 400s before any SQL,
/// and a <c>[Never]</c> field cannot be grouped by, or told from an absent one.
/// </summary>
public abstract class GroupEndpointTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Get_GroupsOfANestedList_AreOneStatementReadingTheGroupedColumns_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Include = "[id,ordersAggregate[count,groups(by: [status])[key,count,max[placedAt]]]]";
        store.Sql.Clear();

        using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(Include));

        database.StatusCode.ShouldBe(HttpStatusCode.OK);
        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(2, string.Join("\n---\n", commands));
        commands[1].ShouldContain("\"Status\"", Case.Sensitive, commands[1]);
        commands[1].ShouldContain("\"CustomerId\"", Case.Sensitive, commands[1]);
        // Only what the groups read: no [Never] column, no unread one.
        commands[1].ShouldNotContain("InternalNote", Case.Sensitive, commands[1]);
        commands[1].ShouldNotContain("\"Note\"", Case.Sensitive, commands[1]);
        string body = await database.Content.ReadAsStringAsync();
        body.ShouldBe(await FromMemoryAsync(server, Include));

        // Each customer's groups are its orders by status, in status order, with their counts.
        await using var db = store.CreateContext();
        var expected = db.Orders.AsEnumerable().GroupBy(o => o.CustomerId)
            .ToDictionary(g => g.Key, g => g.GroupBy(o => o.Status).OrderBy(s => s.Key, StringComparer.Ordinal).Select(s => $"{s.Key}:{s.Count()}").ToArray());
        foreach (var customer in JsonNode.Parse(body)!.AsArray())
        {
            var groups = customer!["ordersAggregate"]!["groups"]!.AsArray()
                .Select(g => $"{g!["key"]!["status"]!.GetValue<string>()}:{g["count"]!.GetValue<long>()}").ToArray();
            groups.ShouldBe(expected.GetValueOrDefault(customer["id"]!.GetValue<int>(), []), customer.ToJsonString());
        }
    }

    [StoreFact]
    public async Task Get_GroupsCountingAndTotallingIntegers_AreOneGroupByOfParentAndKey_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        string[] includes =
        [
            "[id,ordersAggregate(where: {status: {neq: \"open\"}})[count,groups(by: [status])[key,count]]]",
            "[id,orders[id,linesAggregate[n: count,groups(by: [quantity, backordered])[__typename,key[backordered,quantity],count,sum[id],min[quantity],max[backordered]]]]]",
        ];
        foreach (string include in includes)
        {
            store.Sql.Clear();

            using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(include));

            database.StatusCode.ShouldBe(HttpStatusCode.OK, include);
            var grouped = store.Sql.Commands.Where(c => c.Contains("GROUP BY", StringComparison.OrdinalIgnoreCase)).ToList();
            grouped.Count.ShouldBe(1, string.Join("\n---\n", store.Sql.Commands));
            // One row per parent and group: the parent's key and the grouped columns are the GROUP BY.
            grouped[0].ShouldMatch("GROUP BY \"?[a-z0-9]+\"?\\.\"(CustomerId|OrderId)\", \"?[a-z0-9]+\"?\\.\"(Status|Quantity)\"", grouped[0]);
            string body = await database.Content.ReadAsStringAsync();
            body.ShouldBe(await FromMemoryAsync(server, include), include);
            body.ShouldContain("\"groups\":[{", Case.Sensitive, include);
        }
    }

    [StoreFact]
    public async Task Get_GroupsByTwoFieldsAtTwoLevels_UnderWhere_EqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        string[] includes =
        [
            "[id,ordersAggregate(where: {status: {neq: \"open\"}})[groups(by: [status, note])[key[note,status],count,min[id]]]]",
            "[id,orders[id,linesAggregate(where: {quantity: {gte: 2}})[count,groups(by: quantity)[key,count,sum[quantity],max[backordered]]]]]",
            "[id,orders[id,linesAggregate[groups(by: [backordered])]]]",
        ];
        foreach (string include in includes)
        {
            using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(include));

            database.StatusCode.ShouldBe(HttpStatusCode.OK, include);
            string body = await database.Content.ReadAsStringAsync();
            body.ShouldBe(await FromMemoryAsync(server, include), include);
            body.ShouldContain("\"groups\":[{\"key\":{", Case.Sensitive, include);
        }
    }

    [StoreFact]
    public async Task Graphql_Groups_AreTypedInTheSdl_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Fields = "{ id ordersAggregate { byStatus: groups(by: [status]) { __typename key { __typename status } count max { placedAt } } } }";

        var database = await server.PostGraphQLAsync("{ customers " + Fields + " }", HttpStatusCode.OK);

        var memory = await server.PostGraphQLAsync("{ memoryCustomers " + Fields + " }", HttpStatusCode.OK);
        string customers = database["data"]!["customers"]!.ToJsonString();
        customers.ShouldBe(memory["data"]!["memoryCustomers"]!.ToJsonString());
        customers.ShouldContain("\"byStatus\":[{\"__typename\":\"OrderGroup\",\"key\":{\"__typename\":\"OrderGroupKey\",\"status\":");
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");
        sdl.ShouldContain("groups(by: [OrderGroupField!]!): [OrderGroup!]!");
        sdl.ShouldContain("key: OrderGroupKey!");
        // A [Never] field is not a value of the enumeration nor a field of the key.
        int enumStart = sdl.IndexOf("enum OrderGroupField {", StringComparison.Ordinal);
        enumStart.ShouldBeGreaterThanOrEqualTo(0);
        string enumBody = sdl[enumStart..sdl.IndexOf('}', enumStart)];
        enumBody.ShouldContain("status");
        enumBody.ShouldNotContain("internalNote");
        sdl.ShouldNotContain("internalNote: String");
    }

    [StoreFact]
    public async Task Get_BadGroups_Are400sWithAPosition_BeforeAnySql_AndANeverFieldIsUnknown()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        (string Include, string Message)[] cases =
        [
            ("[ordersAggregate[groups[count]]]", "'groups' needs by"),
            ("[ordersAggregate[groups(by: [internalNote])]]", "Unknown field 'internalNote' on type 'Order'"),
            ("[ordersAggregate[groups(by: [nonesuch])]]", "Unknown field 'nonesuch' on type 'Order'"),
            ("[ordersAggregate[groups(by: [status, status])]]", "named twice"),
            ("[ordersAggregate[groups(by: [status], first: 2)]]", "Argument 'first' is not taken by 'groups'"),
            ("[ordersAggregate[groups(by: [status])[key[placedAt]]]]", "not one the groups are formed by"),
            ("[ordersAggregate[groups(by: [status])[groups(by: [status])]]]", "Unknown field 'groups' on type 'OrderGroup'"),
        ];
        foreach (var (include, message) in cases)
        {
            store.Sql.Clear();

            using var response = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(include));

            response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, include);
            string body = await response.Content.ReadAsStringAsync();
            body.ShouldContain(message, Case.Sensitive, include);
            body.ShouldContain("\"column\":", Case.Sensitive, include);
            store.Sql.Commands.ShouldBeEmpty(include);
        }
    }

    /// <summary>The same selection over the graph loaded in memory: what the database's answer must equal.</summary>
    private static async Task<string> FromMemoryAsync(StoreServer server, string include)
    {
        using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(include));
        memory.StatusCode.ShouldBe(HttpStatusCode.OK, include);
        return await memory.Content.ReadAsStringAsync();
    }
}


/// <summary>On SQLite.</summary>
public sealed class SqliteGroupEndpointTests(SqliteStore store) : GroupEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresGroupEndpointTests(PostgresStore store) : GroupEndpointTests(store), IClassFixture<PostgresStore>;

using System.Net;
using Microsoft.EntityFrameworkCore;
using System.Text;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// <c>xAggregate[count]</c> through Kestrel on an EF Core query: one grouped statement per aggregate key after the
/// rows' own statement, never one per parent row, with the filter's values as parameters; the same JSON as the same
/// selection over the graph loaded in memory, at the root level and nested; bad aggregates are 400s with a position
/// before any SQL.
/// </summary>
public abstract partial class AggregateEndpointTests(IStoreDatabase store)
{
    [StoreFact]
    public async Task Get_CountOfANestedList_IsOneGroupByStatement_BesideTheRowsStatement()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        store.Sql.Clear();

        using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString("[id,linesAggregate[count]]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(2, string.Join("\n---\n", commands));
        commands[0].ShouldNotContain("GROUP BY", Case.Insensitive, commands[0]);
        commands[0].ShouldNotContain("OrderLines", Case.Insensitive, commands[0]);
        commands[1].ShouldContain("GROUP BY", Case.Insensitive, commands[1]);
        commands[1].ShouldContain("COUNT(*)", Case.Insensitive, commands[1]);
        commands[1].ShouldContain("\"OrderId\"", Case.Sensitive, commands[1]);

        await using var db = store.CreateContext();
        var expected = db.Orders.OrderBy(o => o.Id).Select(o => new { o.Id, Count = o.Lines.Count }).ToList();
        var orders = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray();
        orders.Count.ShouldBe(expected.Count);
        for (int i = 0; i < orders.Count; i++)
        {
            orders[i]!["id"]!.GetValue<int>().ShouldBe(expected[i].Id);
            orders[i]!["linesAggregate"]!["count"]!.GetValue<long>().ShouldBe(expected[i].Count);
        }
    }

    [StoreFact]
    public async Task Get_AggregatesAtTwoLevels_AreOneStatementPerAggregateKey_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Include = "[id,ordersAggregate(where: {status: \"shipped\"})[count],orders(where: {status: {neq: \"open\"}})[id,linesAggregate(where: {quantity: {gte: 2}})[count],lines[id]]]";
        store.Sql.Clear();

        using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(Include));

        database.StatusCode.ShouldBe(HttpStatusCode.OK);
        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(3, string.Join("\n---\n", commands));
        commands.Count(c => c.Contains("GROUP BY", StringComparison.OrdinalIgnoreCase)).ShouldBe(2);
        // The filter's values are parameters, never text in the SQL.
        commands.ShouldAllBe(c => !c.Contains("'shipped'"));
        using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(Include));
        string body = await database.Content.ReadAsStringAsync();
        body.ShouldBe(await memory.Content.ReadAsStringAsync());
        body.ShouldContain("\"ordersAggregate\":{\"count\":");
    }

    [StoreFact]
    public async Task Get_RandomFiltersOnAggregates_EqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        string[] filters =
        [
            "{quantity: 1}",
            "{quantity: {in: [2, 3]}}",
            "{not: {quantity: {lt: 3}}}",
            "{or: [{quantity: 1}, {id: {gt: 30}}]}",
            "{product: {sku: {startsWith: \"s\", mode: INSENSITIVE}}}",
            "{quantity: {gt: 1000}}",
        ];
        foreach (string filter in filters)
        {
            string include = $"[id,status,linesAggregate(where: {filter})[count]]";
            using var database = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(include));
            using var memory = await server.Client.GetAsync("/memory/orders?include=" + Uri.EscapeDataString(include));

            database.StatusCode.ShouldBe(HttpStatusCode.OK, filter);
            (await database.Content.ReadAsStringAsync()).ShouldBe(await memory.Content.ReadAsStringAsync(), filter);
        }
    }

    [StoreFact]
    public async Task Get_RandomAggregatesAtTwoLevels_UnderRandomListArguments_EqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        var arguments = new RandomArguments(seed: 3232);
        var order = Json.Writer<Store.Order>().Metadata;
        for (int i = 0; i < 40; i++)
        {
            string include = $"[id,ordersAggregate(where: {arguments.Where(order)})[count],orders{arguments.Next(order)}[id,linesAggregate(where: {arguments.Where(order.FindField("lines")!.ElementType!)})[count]]]";
            using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(include));
            using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(include));

            database.StatusCode.ShouldBe(HttpStatusCode.OK, include);
            (await database.Content.ReadAsStringAsync()).ShouldBe(await memory.Content.ReadAsStringAsync(), include);
        }
    }

    [StoreFact]
    public async Task Get_SumAvgMinMaxAtTwoLevels_AreOneStatementPerAggregateKey_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        // Orders' max reads a date (element rows); lines' measures read integers only (numbers grouped in SQL).
        const string Include = "[id,ordersAggregate[count,max[id,placedAt]],orders[id,linesAggregate(where: {quantity: {gte: 2}})[count,sum[quantity],avg[quantity],min[quantity],max[q: quantity,id]]]]";
        store.Sql.Clear();

        using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(Include));

        database.StatusCode.ShouldBe(HttpStatusCode.OK);
        // The rows, then one statement per aggregate key.
        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(3, string.Join("\n---\n", commands));
        string lines = commands.Skip(1).Single(c => c.Contains("FROM \"OrderLines\""));
        string orders = commands.Skip(1).Single(c => c != lines);
        // A date is measured from the kept elements (one row each); small integers as one GROUP BY row per parent.
        orders.ShouldNotContain("GROUP BY", Case.Insensitive);
        lines.ShouldContain("GROUP BY", Case.Insensitive);
        lines.ShouldContain("sum(", Case.Insensitive);
        lines.ShouldContain("max(", Case.Insensitive);
        // Only the measured columns and the parent's key: never a [Never] column, nor one no measure reads.
        foreach (string unread in new[] { "\"InternalNote\"", "\"Status\"", "\"UnitPrice\"", "\"ProductId\"" })
        {
            commands.ShouldAllBe(c => !c.Contains(unread), string.Join("\n---\n", commands));
        }

        using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(Include));
        string body = await database.Content.ReadAsStringAsync();
        body.ShouldBe(await memory.Content.ReadAsStringAsync());
        body.ShouldContain("\"sum\":{\"quantity\":");
        body.ShouldContain("\"max\":{\"q\":");
        body.ShouldContain("\"max\":{\"id\":");
    }

    [StoreFact]
    public async Task Get_MeasuresOfANullableInteger_SkipItsNulls_InTheGroupedStatement_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Include = "[id,orders[id,linesAggregate[count,sum[backordered],avg[backordered],min[backordered],max[backordered]]]]";
        store.Sql.Clear();

        using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(Include));

        database.StatusCode.ShouldBe(HttpStatusCode.OK);
        // Grouped in SQL, with a count of the column's values beside the group's (SQLite: COUNT(CASE WHEN ... IS NOT
        // NULL ...), PostgreSQL: count(*) FILTER (WHERE ... IS NOT NULL)): that count is what says a measure is null.
        string lines = store.Sql.Commands.Single(c => c.Contains("FROM \"OrderLines\""));
        lines.ShouldContain("GROUP BY", Case.Insensitive);
        lines.ShouldContain("\"Backordered\" IS NOT NULL", Case.Insensitive);
        using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(Include));
        string body = await database.Content.ReadAsStringAsync();
        body.ShouldBe(await memory.Content.ReadAsStringAsync());
        // Lines whose values are all null measure null, as do orders without lines; the others a number.
        body.ShouldContain("\"sum\":{\"backordered\":null}");
        Regex.IsMatch(body, "\"sum\":\\{\"backordered\":[0-9]").ShouldBeTrue();
    }

    [StoreFact]
    public async Task Get_RandomMeasuresAtTwoLevels_UnderRandomFilters_EqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        var random = new RandomArguments(seed: 3233);
        var order = Json.Writer<Store.Order>().Metadata;
        var line = order.FindField("lines")!.ElementType!;
        var bodies = new StringBuilder();
        for (int i = 0; i < 40; i++)
        {
            string include = $"[id,ordersAggregate(where: {random.Where(order)})[{random.Measures(order)}],orders{random.Next(order)}[id,linesAggregate(where: {random.Where(line)})[{random.Measures(line)}]]]";
            using var database = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString(include));
            using var memory = await server.Client.GetAsync("/memory/customers?include=" + Uri.EscapeDataString(include));

            database.StatusCode.ShouldBe(HttpStatusCode.OK, include);
            string body = await database.Content.ReadAsStringAsync();
            body.ShouldBe(await memory.Content.ReadAsStringAsync(), include);
            bodies.Append(body);
        }

        // The draws measure numbers, text and dates at both levels: only measures write these keys here.
        string all = bodies.ToString();
        foreach (string measured in new[] { "\"quantity\":", "\"placedAt\":\"20", "\"status\":\"", "\"note\":" })
        {
            all.ShouldContain(measured);
        }
    }

    [StoreFact]
    public async Task Get_AggregateNoGroupedStatementCanCount_FallsBackToTheHandlersQuery_WithTheListLoaded()
    {
        // A coupon's redeemedBy is many-to-many: refused for SQL, so the handler's query runs and the aggregate is
        // computed from the list, which the fallback loads (it said 0 for every coupon while it did not).
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        await using var db = store.CreateContext();
        var expected = await db.Coupons.OrderBy(c => c.Id).Select(c => new
        {
            c.Id,
            Count = c.RedeemedBy.Count,
            Max = c.RedeemedBy.Max(o => (int?)o.Id),
            ByC = c.RedeemedBy.Count(o => o.Customer.Name.StartsWith("Customer 1")),
        }).ToListAsync();
        expected.Sum(c => c.Count).ShouldBeGreaterThan(0);

        using var response = await server.Client.GetAsync("/coupons?include=" + Uri.EscapeDataString(
            "[id,redeemedByAggregate[count,max[id]],c: redeemedByAggregate(where: {customer: {name: {startsWith: \"Customer 1\"}}})[count]]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var coupons = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray();
        coupons.Select(c => c!["redeemedByAggregate"]!["count"]!.GetValue<long>()).ShouldBe(expected.Select(c => (long)c.Count));
        coupons.Select(c => c!["redeemedByAggregate"]!["max"]!["id"]?.GetValue<int>()).ShouldBe(expected.Select(c => c.Max));
        coupons.Select(c => c!["c"]!["count"]!.GetValue<long>()).ShouldBe(expected.Select(c => (long)c.ByC));
    }

    [StoreFact]
    public async Task Get_ACustomerWithoutOrders_CountsZero()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        using var response = await server.Client.GetAsync("/customers?include=" + Uri.EscapeDataString("[id,ordersAggregate(where: {id: -1})[count]]"));

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        var customers = JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsArray();
        customers.ShouldNotBeEmpty();
        customers.ShouldAllBe(c => c!["ordersAggregate"]!["count"]!.GetValue<long>() == 0);
    }

    [StoreFact]
    public async Task Get_BadAggregates_Are400sWithAPosition_BeforeAnySql()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        foreach (string include in new[]
        {
            "[id,linesAggregate(first: 1)[count]]",
            "[id,linesAggregate[sum[placedAt]]]",
            "[id,linesAggregate[sum[unitPrice]]]",
            "[id,linesAggregate[max[nothing]]]",
            "[id,linesAggregate(where: {unitPrice: 1})[count]]",
            "[id,statusAggregate[count]]",
            "[id,linesAggregate(where: {quantity: \"many\"})]",
        })
        {
            store.Sql.Clear();

            using var response = await server.Client.GetAsync("/orders?include=" + Uri.EscapeDataString(include));

            response.StatusCode.ShouldBe(HttpStatusCode.BadRequest, include);
            string problem = await response.Content.ReadAsStringAsync();
            ColumnOf().IsMatch(problem).ShouldBeTrue(problem);
            store.Sql.Commands.ShouldBeEmpty(include);
        }
    }

    [StoreFact]
    public async Task Graphql_AggregatesAtTwoLevels_AreTypedInTheSdl_AndCountedByOneStatementPerKey()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Fields = "{ id ordersAggregate(where: {status: {eq: \"shipped\"}}) { __typename count } orders { id linesAggregate(where: {quantity: {gte: 2}}) { count } } }";
        store.Sql.Clear();

        var database = await server.PostGraphQLAsync("{ customers " + Fields + " }", HttpStatusCode.OK);

        var commands = store.Sql.Commands;
        commands.Count.ShouldBe(3, string.Join("\n---\n", commands));
        commands.Count(c => c.Contains("GROUP BY", StringComparison.OrdinalIgnoreCase)).ShouldBe(2);
        var memory = await server.PostGraphQLAsync("{ memoryCustomers " + Fields + " }", HttpStatusCode.OK);
        database["data"]!["customers"]!.ToJsonString().ShouldBe(memory["data"]!["memoryCustomers"]!.ToJsonString());
        database["data"]!["customers"]![0]!["ordersAggregate"]!["__typename"]!.GetValue<string>().ShouldBe("OrderAggregate");

        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");
        sdl.ShouldContain("ordersAggregate(where: OrderFilter): OrderAggregate!");
        sdl.ShouldContain("linesAggregate(where: OrderLineFilter): OrderLineAggregate!");
        sdl.ShouldContain("type OrderAggregate {");
    }

    [StoreFact]
    public async Task Graphql_SumAvgMinMax_AreTypedInTheSdl_AndEqualTheGraphInMemory()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        const string Fields = "{ id ordersAggregate { max { __typename id latest: placedAt } } orders { id linesAggregate(where: {quantity: {gte: 2}}) { count sum { quantity } avg { quantity } min { quantity } max { q: quantity id } } } }";

        var database = await server.PostGraphQLAsync("{ customers " + Fields + " }", HttpStatusCode.OK);

        var memory = await server.PostGraphQLAsync("{ memoryCustomers " + Fields + " }", HttpStatusCode.OK);
        string customers = database["data"]!["customers"]!.ToJsonString();
        customers.ShouldBe(memory["data"]!["memoryCustomers"]!.ToJsonString());
        customers.ShouldContain("\"max\":{\"__typename\":\"OrderMaxima\",\"id\":");
        customers.ShouldContain("\"sum\":{\"quantity\":");
        string sdl = await server.Client.GetStringAsync("/graphql/schema.graphql");
        sdl.ShouldContain("sum: OrderLineSums!");
        sdl.ShouldContain("max: OrderMaxima!");
        // A sum of integers is a Float (GraphQL's Int is 32 bits); min and max have the field's own type.
        TypeBody(sdl, "OrderLineSums").ShouldContain("quantity: Float\n");
        TypeBody(sdl, "OrderLineMinima").ShouldContain("quantity: Int\n");
        // A [Never] field is in no measure type, and an unsortable one neither.
        TypeBody(sdl, "OrderMaxima").ShouldNotContain("internalNote");
        TypeBody(sdl, "OrderLineMaxima").ShouldNotContain("unitPrice");
    }

    /// <summary>The lines of one type in the SDL, from its opening brace to its closing one.</summary>
    private static string TypeBody(string sdl, string typeName)
    {
        int start = sdl.IndexOf("type " + typeName + " {", StringComparison.Ordinal);
        start.ShouldBeGreaterThanOrEqualTo(0, typeName + " is not in the SDL");
        return sdl[start..(sdl.IndexOf("\n}", start, StringComparison.Ordinal) + 1)];
    }

    [StoreFact]
    public async Task Graphql_BadAggregates_AreErrorsWithAPosition_BeforeAnySql()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        foreach (string query in new[]
        {
            "{ customers { ordersAggregate(first: 1) { count } } }",
            "{ customers { ordersAggregate { median } } }",
            "{ customers { ordersAggregate { sum { placedAt } } } }",
            "{ customers { ordersAggregate { max { internalNote } } } }",
            "{ customers { ordersAggregate(where: {internalNote: {eq: \"x\"}}) { count } } }",
        })
        {
            store.Sql.Clear();

            var response = await server.PostGraphQLAsync(query, HttpStatusCode.BadRequest);

            response["errors"]![0]!["locations"]![0]!["column"]!.GetValue<int>().ShouldBeGreaterThan(0, query);
            store.Sql.Commands.ShouldBeEmpty(query);
        }
    }

    [GeneratedRegex("\"column\":\\s*\\d+")]
    private static partial Regex ColumnOf();
}

/// <summary>On SQLite.</summary>
public sealed class SqliteAggregateEndpointTests(SqliteStore store) : AggregateEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresAggregateEndpointTests(PostgresStore store) : AggregateEndpointTests(store), IClassFixture<PostgresStore>;

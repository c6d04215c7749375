using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// Random, mostly ill-typed list arguments (nulls, wrong types, unknown enum values, overflowing numbers, unknown and
/// hidden fields, unknown operators) thrown at both transports, as literals and through variables, with a fixed seed:
/// every answer is a 200 or a 4xx with a JSON body, never a 5xx; and the pushed-down list and the same list in memory
/// accept and refuse alike.
/// </summary>
public abstract class ArgumentFuzzEndpointTests(IStoreDatabase store)
{
    private const int Cases = 150;

    private static readonly string[] s_values =
    [
        "null", "0", "-1", "7", "2147483648", "-9223372036854775809", "99999999999999999999999999999", "1.5", "1e400",
        "\"\"", "\"x\"", "\"open\"", "\"2026-02-03\"", "\"2026-13-45\"", "\"1 OR 1=1\"", "true", "false", "[]", "[null]",
        "[1, null, \"x\"]", "{}", "{\"eq\": 1}", "\"\\u0000\"",
    ];

    private static readonly string[] s_fields = ["id", "placedAt", "status", "note", "internalNote", "passwordHash", "nope", "and", "or"];
    private static readonly string[] s_operators = ["eq", "neq", "gt", "gte", "lt", "lte", "in", "like", "EQ"];

    [StoreFact]
    public async Task RandomIllTypedArguments_NeverAnswer5xx_OnEitherTransport()
    {
        await using var server = await StoreServer.StartAsync(store.CreateContext);
        var random = new Random(2911);
        for (int i = 0; i < Cases; i++)
        {
            var where = Filter(random, depth: 0);
            string first = s_values[random.Next(s_values.Length)];
            string literal = $"(where: {Literal(where)}, first: {Literal(JsonNode.Parse(first))})";

            var queried = await GetAsync(server, "/orders", literal + "[id]");
            var inMemory = await GetAsync(server, "/memory/orders", literal + "[id]");
            queried.ShouldBe(inMemory, $"REST /orders and /memory/orders disagree on {literal}");

            await PostAsync(server, "{ orders" + literal + " { id lines" + literal + " { quantity } } }", null, literal);
            await PostAsync(
                server,
                "query($w: OrderFilter, $f: Int) { orders(where: $w, first: $f) { id } memoryOrders(where: $w) { id } }",
                new JsonObject { ["w"] = where?.DeepClone(), ["f"] = JsonNode.Parse(first) },
                literal);
        }
    }

    private static JsonNode? Filter(Random random, int depth)
    {
        var filter = new JsonObject();
        int entries = random.Next(0, 3);
        for (int e = 0; e < entries; e++)
        {
            string field = s_fields[random.Next(s_fields.Length)];
            if (field is "and" or "or" && depth < 3)
            {
                filter[field] = new JsonArray(Filter(random, depth + 1), Filter(random, depth + 1));
                continue;
            }

            var value = JsonNode.Parse(s_values[random.Next(s_values.Length)]);
            filter[field] = random.Next(3) == 0
                ? value
                : new JsonObject { [s_operators[random.Next(s_operators.Length)]] = value };
        }

        return random.Next(10) == 0 ? JsonNode.Parse(s_values[random.Next(s_values.Length)]) : filter;
    }

    /// <summary>A JSON value as a GraphQL literal: object keys unquoted, everything else as JSON writes it.</summary>
    private static string Literal(JsonNode? node) => node switch
    {
        null => "null",
        JsonObject o => "{" + string.Join(", ", o.Select(p => p.Key + ": " + Literal(p.Value))) + "}",
        JsonArray a => "[" + string.Join(", ", a.Select(Literal)) + "]",
        _ => node.ToJsonString(),
    };

    private static async Task<int> GetAsync(StoreServer server, string path, string selection)
    {
        using var response = await server.Client.GetAsync(path + "?include=" + Uri.EscapeDataString(selection));
        string text = await response.Content.ReadAsStringAsync();
        ((int)response.StatusCode).ShouldBeLessThan(500, $"{path} {selection}\n{text}");
        if (response.StatusCode != HttpStatusCode.OK)
        {
            JsonNode.Parse(text)!["detail"].ShouldNotBeNull(text);
        }

        return (int)response.StatusCode;
    }

    private static async Task PostAsync(StoreServer server, string query, JsonObject? variables, string what)
    {
        var body = new JsonObject { ["query"] = query, ["variables"] = variables };
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(body.ToJsonString(), Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.ParseAdd("application/graphql-response+json");
        using var response = await server.Client.SendAsync(request);
        string text = await response.Content.ReadAsStringAsync();
        ((int)response.StatusCode).ShouldBeLessThan(500, $"{what} {variables?.ToJsonString()}\n{text}");
        var answer = JsonNode.Parse(text)!;
        (answer["data"] is not null || answer["errors"] is JsonArray { Count: > 0 }).ShouldBeTrue(text);
        if (answer["errors"] is JsonArray errors)
        {
            // A resolver's exception would be an error with a path and no location: every argument error is the client's, with its position.
            errors.ShouldAllBe(error => error!["locations"] != null || error!["extensions"]!["code"] != null, text);
        }
    }
}

/// <summary>On SQLite.</summary>
public sealed class SqliteArgumentFuzzEndpointTests(SqliteStore store) : ArgumentFuzzEndpointTests(store), IClassFixture<SqliteStore>;

/// <summary>On PostgreSQL (skipped when it is not installed).</summary>
public sealed class PostgresArgumentFuzzEndpointTests(PostgresStore store) : ArgumentFuzzEndpointTests(store), IClassFixture<PostgresStore>;

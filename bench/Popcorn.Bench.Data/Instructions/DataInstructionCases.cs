using System.Text;
using System.Text.Json;
using Popcorn.Bench.Data.Benchmarks;
using Popcorn.Bench.Data.Dto;
using Popcorn.Bench.Data.OData;
using Popcorn.Benchmarks.Instructions;

namespace Popcorn.Bench.Data.Instructions;

/// <summary>
/// The data benchmark's requests counted in instructions (<c>bench/callgrind/run.sh --program</c> with this host's
/// dll): each a whole request through its endpoint's delegate (<see cref="EndpointCaller"/>), EF Core and SQLite
/// included, so a count is the server's work for one request on one thread, whatever the machine's load.
/// Every side is checked to answer the same orders first.
/// </summary>
public static class DataInstructionCases
{
    private const int Requests = 10;

    /// <summary>The aggregate comparison's selection: a page of orders with numbers over each one's lines.</summary>
    private const string Aggregated = "[id,placedAt,linesAggregate[count,sum[quantity],max[quantity]]]";

    /// <summary>The cases, after the checks (<see cref="InvalidOperationException"/> when two sides disagree).</summary>
    public static IEnumerable<InstructionCase> Create(WebApplication app)
    {
        var caller = new EndpointCaller(app);
        string narrowPopcorn = "/orders?include=" + DataBenchmarks.Narrow;
        string narrowOData = "/odata/orders?" + ODataEndpoints.Narrow;
        string deepPopcorn = "/split/orders?include=" + DataBenchmarks.Deep;
        string deepOData = "/odata/split/orders?" + ODataEndpoints.Deep;
        RequireSameOrders(caller, narrowPopcorn, narrowOData);
        RequireSameOrders(caller, deepPopcorn, deepOData);
        RequireSameOrders(caller, deepPopcorn, "/dto/orders");
        string filteredPopcorn = "/filtered/orders?include=" + FilteredOrders.Selection;
        RequireSameOrders(caller, filteredPopcorn, "/dto/filtered/orders");
        string singlePopcorn = "/single/orders?id=4242&include=" + DataBenchmarks.Narrow;
        RequireSameOrders(caller, singlePopcorn, "/dto/single/orders?id=4242", minLength: 40);
        string aggregatedPopcorn = "/aggregated/orders?include=" + Uri.EscapeDataString(Aggregated);
        RequireSameOrders(caller, aggregatedPopcorn, "/dto/aggregated/orders");

        yield return Case("Data/Narrow/Popcorn", caller, narrowPopcorn);
        yield return Case("Data/Narrow/OData", caller, narrowOData);
        yield return Case("Data/Narrow/Naive_IncludeCustomer", caller, "/naive/orders");
        yield return Case("Data/Deep/Popcorn", caller, deepPopcorn);
        yield return Case("Data/Deep/OData", caller, deepOData);
        yield return Case("Data/Deep/HandWritten_Select", caller, "/dto/orders");
        yield return Case("Data/Filtered/Popcorn", caller, filteredPopcorn);
        yield return Case("Data/Filtered/HandWritten_Select", caller, "/dto/filtered/orders");
        yield return Case("Data/Single/Popcorn", caller, singlePopcorn);
        yield return Case("Data/Single/HandWritten_Select", caller, "/dto/single/orders?id=4242");
        yield return Case("Data/Aggregated/Popcorn", caller, aggregatedPopcorn);
        yield return Case("Data/Aggregated/HandWritten_Select", caller, "/dto/aggregated/orders");
    }

    private static InstructionCase Case(string name, EndpointCaller caller, string path) =>
        new(name, Requests, () => caller.GetAsync(path).GetAwaiter().GetResult());

    /// <summary>
    /// Both answers hold the same orders with the same values: OData's <c>value</c> array against Popcorn's array, keys
    /// compared as written (both camel-cased), OData's <c>Z</c>-suffixed DateTimeOffset read as Popcorn's DateTime.
    /// </summary>
    private static void RequireSameOrders(EndpointCaller caller, string popcornPath, string otherPath, int minLength = 100)
    {
        string popcorn = Canonical(Answer(caller, popcornPath));
        string other = Canonical(Answer(caller, otherPath));
        if (popcorn != other || popcorn.Length < minLength)
        {
            throw new InvalidOperationException($"{popcornPath} and {otherPath} answer different orders:\n{popcorn[..Math.Min(300, popcorn.Length)]}\n{other[..Math.Min(300, other.Length)]}");
        }
    }

    private static JsonElement Answer(EndpointCaller caller, string path)
    {
        int status = caller.GetAsync(path).GetAwaiter().GetResult();
        using var document = JsonDocument.Parse(caller.Body.ToArray());
        if (status != 200)
        {
            throw new InvalidOperationException($"{path} answered {status}: {Encoding.UTF8.GetString(caller.Body.ToArray())}");
        }

        var root = document.RootElement.ValueKind == JsonValueKind.Object && document.RootElement.TryGetProperty("value", out var value) ? value : document.RootElement;
        return root.Clone();
    }

    private static string Canonical(JsonElement element)
    {
        var text = new StringBuilder();
        Write(element, text);
        return text.ToString();
    }

    private static void Write(JsonElement element, StringBuilder text)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                text.Append('{');
                foreach (var property in element.EnumerateObject().OrderBy(p => p.Name, StringComparer.Ordinal))
                {
                    text.Append(property.Name).Append(':');
                    Write(property.Value, text);
                    text.Append(',');
                }

                text.Append('}');
                break;
            case JsonValueKind.Array:
                text.Append('[');
                foreach (var item in element.EnumerateArray())
                {
                    Write(item, text);
                    text.Append(',');
                }

                text.Append(']');
                break;
            case JsonValueKind.String when element.TryGetDateTime(out var at):
                text.Append(at.ToUniversalTime().Ticks);
                break;
            case JsonValueKind.Number:
                text.Append(element.GetDecimal());
                break;
            default:
                text.Append(element.GetRawText());
                break;
        }
    }
}

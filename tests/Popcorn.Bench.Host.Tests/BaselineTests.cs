using System.Text;
using System.Text.Json;

namespace Popcorn.Bench.Host.Tests;

/// <summary>What bench/http/run.sh compares must be the same response written two ways.</summary>
public sealed class BaselineTests(BenchHostServer server) : IClassFixture<BenchHostServer>
{
    private const string DeepWildcard = "?include=%5B%21full%5D";

    [Fact]
    public async Task Orders_DeepWildcard_IsByteIdenticalToSystemTextJsonsFastPath()
    {
        byte[] plain = await server.GetBytesAsync("/plain/orders");
        byte[] pipe = await server.GetBytesAsync("/plain/orders/pipe");
        byte[] popcorn = await server.GetBytesAsync("/orders" + DeepWildcard);

        plain.Length.ShouldBeGreaterThan(100_000);
        pipe.ShouldBe(plain);
        popcorn.ShouldBe(plain);
    }

    [Fact]
    public async Task Orders_AreAThousandAcyclicOrdersWithCustomersAndLines()
    {
        using var orders = JsonDocument.Parse(await server.GetBytesAsync("/plain/orders"));

        orders.RootElement.GetArrayLength().ShouldBeGreaterThanOrEqualTo(1_000);
        foreach (var order in orders.RootElement.EnumerateArray())
        {
            order.GetProperty("customer").GetProperty("name").GetString().ShouldNotBeNullOrEmpty();
            order.GetProperty("lines").GetArrayLength().ShouldBeInRange(1, 5);
        }
    }

    [Fact]
    public async Task Orders_NarrowSelection_WritesOnlyTheSelectedFields()
    {
        using var orders = JsonDocument.Parse(await server.GetBytesAsync("/orders?include=%5Bid%2Cnumber%2Ccustomer%5Bname%5D%5D"));

        var first = orders.RootElement[0];
        first.EnumerateObject().Select(p => p.Name).ShouldBe(["id", "number", "customer"]);
        first.GetProperty("customer").EnumerateObject().Select(p => p.Name).ShouldBe(["id", "name"]);
    }

    [Fact]
    public async Task Orders_NarrowSelection_IsByteIdenticalToThePlainHandWrittenProjection()
    {
        byte[] plain = await server.GetBytesAsync("/plain/orders/narrow");
        byte[] popcorn = await server.GetBytesAsync("/orders?include=%5Bid%2Cnumber%2Ccustomer%5Bname%5D%5D");

        plain.Length.ShouldBeGreaterThan(50_000);
        popcorn.ShouldBe(plain);
    }

    [Fact]
    public async Task RuntimeCounters_CountTheBytesARequestAllocates()
    {
        // bench/http/paired.sh divides the difference of the first number across a wrk run by its requests.
        long[] before = await ReadRuntimeCountersAsync();
        await server.GetBytesAsync("/orders" + DeepWildcard);
        long[] after = await ReadRuntimeCountersAsync();

        before.Length.ShouldBe(5);
        after[0].ShouldBeGreaterThan(before[0]);
        after[1..4].ShouldAllBe(count => count >= 0);
    }

    [Fact]
    public async Task Members_Cycle_IsWrittenAsNullByBothSides()
    {
        string plain = Encoding.UTF8.GetString(await server.GetBytesAsync("/plain/members"));
        string popcorn = Encoding.UTF8.GetString(await server.GetBytesAsync("/members" + DeepWildcard));

        // Member 1 leads team 1: inside its own team, the lead closes the cycle.
        const string closedCycle = "\"team\":{\"id\":1,\"name\":\"Team 1\",\"lead\":null}";
        plain.ShouldContain(closedCycle);
        popcorn.ShouldContain(closedCycle);
    }

    private async Task<long[]> ReadRuntimeCountersAsync()
    {
        string line = Encoding.UTF8.GetString(await server.GetBytesAsync("/bench/runtime"));
        return line.Split(' ').Select(n => (long)double.Parse(n, System.Globalization.CultureInfo.InvariantCulture)).ToArray();
    }
}

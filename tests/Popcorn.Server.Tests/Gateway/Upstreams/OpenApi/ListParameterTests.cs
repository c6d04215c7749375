using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// A plain service's list query parameter (<c>?orderId=1&amp;orderId=2</c>): the argument's list coercion, the query
/// it prints, and how a join's keys are cut into calls that a default Kestrel accepts.
/// </summary>
public sealed class ListParameterTests
{
    private static readonly OpenApiRequest s_shipments = new("/shipments",
    [
        new OpenApiRequestParameter("orderId", "orderId", InPath: false),
        new OpenApiRequestParameter("tag", "tag", InPath: false) { JoinsList = true },
    ]);

    [Fact]
    public void Print_AList_OnePairPerElement_OrJoinedWithCommasWhenNotExploded_NullsLeftOut()
    {
        var arguments = new Dictionary<string, object?> { ["orderId"] = new object?[] { 3L, null, 7L }, ["tag"] = new object?[] { "a b", "c,d" } };

        s_shipments.Print(arguments).ShouldBe("/shipments?orderId=3&orderId=7&tag=a%20b,c%2Cd");
    }

    [Fact]
    public void RefuseLongList_NamesTheArgumentPastTheInBound()
    {
        var arguments = new Dictionary<string, object?> { ["orderId"] = Enumerable.Range(1, 1001).Select(i => (object?)(long)i).ToArray() };

        s_shipments.RefuseLongList(arguments, maxValues: 1000).ShouldBe("Argument 'orderId' holds 1001 values; at most 1000 are accepted.");
        s_shipments.RefuseLongList(arguments, maxValues: 1001).ShouldBeNull();
    }

    [Fact]
    public void Bind_AListArgument_ConvertsEachElement_AndASingleValueIsAListOfOne()
    {
        var argument = new GatewayArgument("orderId", "[Int!]");

        argument.TryBind(QueryValue.List([QueryValue.Int(1), QueryValue.Int(2)]), out object? list, out string? error).ShouldBeTrue(error);
        list.ShouldBe(new object?[] { 1L, 2L });
        argument.TryBind(QueryValue.Int(3), out object? single, out error).ShouldBeTrue(error);
        single.ShouldBe(new object?[] { 3L });
    }

    [Fact]
    public void Bind_AListArgument_RefusesANullOrWrongElement_NamingItsIndex()
    {
        var argument = new GatewayArgument("orderId", "[Int!]");

        argument.TryBind(QueryValue.List([QueryValue.Int(1), QueryValue.Null]), out _, out string? error).ShouldBeFalse();
        error.ShouldBe("Argument 'orderId' expects a value of type '[Int!]' but its element 1 is null.");
        argument.TryBind(QueryValue.List([QueryValue.String("x")]), out _, out error).ShouldBeFalse();
        error.ShouldBe("Argument 'orderId' expects a value of type '[Int!]' but its element 0 is \"x\".");
    }

    [Fact]
    public void Chunks_StayWithinTheKeyBoundAndTheRequestLine()
    {
        var keys = Enumerable.Range(100_000, 2500).Select(i => new JoinKey(i.ToString(System.Globalization.CultureInfo.InvariantCulture), IsString: false)).ToList();

        var chunks = PlainJoinCalls.Chunks("orderId", keys, maxKeys: 1000).ToArray();

        chunks.Sum(c => c.Count).ShouldBe(2500);
        chunks.Select(c => c.From).ShouldBe(chunks.Select((_, i) => chunks.Take(i).Sum(c => c.Count)));
        // "&orderId=100123" is 15 bytes: 7 KB holds 477 of them, fewer than the 1000 keys an in list may hold.
        chunks.ShouldAllBe(c => c.Count * 15 <= JoinCallPrinter.MaxEscapedQueryLength);
        chunks[..^1].ShouldAllBe(c => c.Count == 477);

        PlainJoinCalls.Chunks("orderId", keys.Take(10).ToList(), maxKeys: 4).Select(c => c.Count).ShouldBe([4, 4, 2]);
    }
}

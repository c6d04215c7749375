using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Mutations;

/// <summary>An order of the mutation tests' order book.</summary>
public sealed class Order
{
    [Always] public int Id { get; init; }

    [Default] public required string Customer { get; set; }

    public OrderStatus Status { get; set; }

    public OrderPriority Priority { get; init; }

    public string? Note { get; init; }

    public required List<OrderLine> Lines { get; init; }

    /// <summary>Never shown: nor can an input of this name be set.</summary>
    [Never, JsonIgnore] public string? InternalNote { get; set; }
}

/// <summary>One line of an order.</summary>
public sealed class OrderLine
{
    public required string Sku { get; init; }

    public int Quantity { get; init; }
}

/// <summary>Where an order is.</summary>
public enum OrderStatus
{
    Placed,
    Shipped,
    Cancelled,
}

/// <summary>How urgent an order is.</summary>
public enum OrderPriority
{
    Normal,
    Rush,
}

/// <summary>What placing an order takes: nested lines, an enum with a C# default, an optional note.</summary>
public sealed class PlaceOrderInput
{
    public required string Customer { get; init; }

    public required List<LineInput> Lines { get; init; }

    public OrderPriority Priority { get; init; } = OrderPriority.Normal;

    public string? Note { get; init; }
}

/// <summary>A line to order: a positional record, whose parameters without defaults are required.</summary>
public sealed record LineInput(string Sku, int Quantity);

/// <summary>
/// An input that is also a Popcorn model: its <c>[Never]</c> member cannot be set, and its <c>[PopcornAuthorize]</c>
/// member only by callers the policy allows.
/// </summary>
public sealed class AmendOrderInput
{
    public int Id { get; init; }

    public string? Customer { get; init; }

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public string? InternalNote { get; init; }

    [PopcornAuthorize(OrderBookServer.Sales)] public string? Note { get; init; }
}

/// <summary>The order book the mutations change, in memory, starting with orders 1 and 2.</summary>
public sealed class OrderBook
{
    private readonly Lock _lock = new();
    private readonly List<Order> _orders =
    [
        new() { Id = 1, Customer = "Ada", Lines = [new() { Sku = "tea", Quantity = 2 }] },
        new() { Id = 2, Customer = "Grace", Lines = [new() { Sku = "cake", Quantity = 1 }] },
    ];

    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _orders.Count;
            }
        }
    }

    public Order Place(PlaceOrderInput input)
    {
        if (input.Lines.Count == 0)
        {
            throw new PopcornFieldException("An order needs at least one line.", "EMPTY_ORDER");
        }

        lock (_lock)
        {
            var order = new Order
            {
                Id = _orders.Max(o => o.Id) + 1,
                Customer = input.Customer,
                Priority = input.Priority,
                Note = input.Note,
                Lines = input.Lines.Select(l => new OrderLine { Sku = l.Sku, Quantity = l.Quantity }).ToList(),
            };
            _orders.Add(order);
            return order;
        }
    }

    public Order Find(int id)
    {
        lock (_lock)
        {
            return _orders.FirstOrDefault(o => o.Id == id) ?? throw new PopcornFieldException($"No order has id {id}.", "NOT_FOUND");
        }
    }

    /// <summary>The orders not cancelled, read lazily: when the sequence is enumerated, not when it is returned.</summary>
    public IEnumerable<Order> Open() => _orders.Where(o => o.Status != OrderStatus.Cancelled);
}

/// <summary>The mutation tests' Popcorn context: the outputs, and one input that is also a model.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(AmendOrderInput))]
public partial class OrderBookJsonContext : JsonSerializerContext;

/// <summary>The app's own JSON context for request bodies, where the gateway finds the other inputs.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(PlaceOrderInput))]
public partial class OrderInputsJsonContext : JsonSerializerContext;

using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>What placing an order takes: who orders, and at least one line.</summary>
public sealed class PlaceOrderInput
{
    /// <summary>The customer placing the order.</summary>
    public required int CustomerId { get; init; }

    /// <summary>What to order.</summary>
    public required List<OrderLineInput> Lines { get; init; }

    /// <summary>A note for the store.</summary>
    public string? Note { get; init; }
}

/// <summary>One product and how many of it.</summary>
/// <param name="ProductId">The product.</param>
/// <param name="Quantity">How many, at least one.</param>
public sealed record OrderLineInput(int ProductId, int Quantity);

/// <summary>The body of <c>PATCH /api/store/orders/{id}</c>: the order's new status.</summary>
/// <param name="Status">Where the order now is.</param>
public sealed record ChangeOrderStatusInput(OrderStatus Status);

/// <summary>
/// The store's write inputs, for request bodies (REST) and the gateway's input types alike: the app's JSON options
/// read them, so both transports read an input the same way.
/// </summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(PlaceOrderInput))]
[JsonSerializable(typeof(ChangeOrderStatusInput))]
[JsonSerializable(typeof(OrderStatus))]
public partial class StoreInputJsonContext : JsonSerializerContext;

// The consumer apps' own domain, copied into both apps by run.sh: an order with lines, an enum, a record, a
// nullable struct and a [Never] secret, marked as a user would mark theirs.
using System.Text.Json.Serialization;
using Popcorn;

namespace Shop;

public enum OrderStatus { Pending, Shipped, Cancelled }

public sealed record Money(decimal Amount, string Currency);

public sealed class OrderLine
{
    [Always] public required string Sku { get; init; }
    [Default] public int Quantity { get; init; }
    public required Money Price { get; init; }
}

public sealed class Order
{
    [Always] public int Id { get; init; }
    [Default] public required string Customer { get; init; }
    [Default] public OrderStatus Status { get; init; }
    public DateOnly? ShippedOn { get; init; }
    public required List<OrderLine> Lines { get; init; }
    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public required string PaymentToken { get; init; }
}

public static class Orders
{
    public static readonly List<Order> All =
    [
        new()
        {
            Id = 1, Customer = "Ada", Status = OrderStatus.Shipped, ShippedOn = new DateOnly(2026, 3, 4), PaymentToken = "tok-SECRET-1",
            Lines = [new() { Sku = "PC-1", Quantity = 2, Price = new(3.5m, "EUR") }, new() { Sku = "PC-2", Quantity = 1, Price = new(9m, "EUR") }],
        },
        new()
        {
            Id = 2, Customer = "Grace", Status = OrderStatus.Pending, PaymentToken = "tok-SECRET-2",
            Lines = [new() { Sku = "PC-3", Quantity = 5, Price = new(1.25m, "USD") }],
        },
    ];

    public static Order? Find(int id) => All.FirstOrDefault(order => order.Id == id);
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(List<Order>))]
public partial class ShopJsonContext : JsonSerializerContext;

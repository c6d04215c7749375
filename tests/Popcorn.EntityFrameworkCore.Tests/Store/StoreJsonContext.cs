using System.Text.Json.Serialization;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(List<Customer>))]
[JsonSerializable(typeof(List<Product>))]
[JsonSerializable(typeof(List<Coupon>))]
[JsonSerializable(typeof(List<OrderCard>))]
[JsonSerializable(typeof(List<ScoredCard>))]
public partial class StoreJsonContext : JsonSerializerContext;

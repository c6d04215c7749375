using System.Text.Json.Serialization;

namespace Popcorn.StoreServices.Orders;

/// <summary>The service's System.Text.Json context, marked for Popcorn.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Order>))]
public partial class OrdersJsonContext : JsonSerializerContext;

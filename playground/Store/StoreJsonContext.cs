using System.Text.Json.Serialization;

namespace Popcorn.Playground.Store;

/// <summary>
/// The store's System.Text.Json context, marked for Popcorn. Kept apart from <see cref="PlaygroundJsonContext"/> so
/// the in-memory sample's context (and the tests that enumerate its types) stays exactly as it was.
/// </summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(List<Customer>))]
[JsonSerializable(typeof(List<Product>))]
public partial class StoreJsonContext : JsonSerializerContext;

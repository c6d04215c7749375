using System.Text.Json.Serialization;

namespace Popcorn.Bench.Data.Store;

/// <summary>
/// The entities' context: Popcorn's writers are generated from it, and the naive endpoints' System.Text.Json uses its
/// source-generated metadata (inserted into the app's JSON options), the best a user's naive path can get.
/// </summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(List<Order>))]
public partial class DataJsonContext : JsonSerializerContext;

using System.Text.Json.Serialization;

namespace Popcorn.StoreServices.Customers;

/// <summary>The service's System.Text.Json context, marked for Popcorn.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Customer>))]
public partial class CustomersJsonContext : JsonSerializerContext;

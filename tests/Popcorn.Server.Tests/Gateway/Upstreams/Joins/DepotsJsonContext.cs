using System.Text.Json.Serialization;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The depots service's Popcorn context: each service describes only its own type, as separate services would.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Depot))]
[JsonSerializable(typeof(List<Depot>))]
public partial class DepotsJsonContext : JsonSerializerContext;

using System.Text.Json.Serialization;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>The recipients service's Popcorn context: each service describes only its own type, as separate services would.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Recipient))]
[JsonSerializable(typeof(List<Recipient>))]
public partial class RecipientsJsonContext : JsonSerializerContext;

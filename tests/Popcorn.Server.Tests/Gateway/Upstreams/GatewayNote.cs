using System.Text.Json.Serialization;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>The gateway app's own model: a gateway in front of services may still answer some fields itself.</summary>
public sealed class GatewayNote
{
    public int Id { get; set; }

    public string Text { get; set; } = string.Empty;
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(GatewayNote))]
public partial class GatewayNoteJsonContext : JsonSerializerContext;

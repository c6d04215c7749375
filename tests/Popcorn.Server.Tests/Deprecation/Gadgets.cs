using System.Text.Json.Serialization;

namespace Popcorn.Server.Tests.Deprecation;

/// <summary>A model with obsolete members: deprecated in the GraphQL schema, still served.</summary>
public sealed class Gadget
{
    [Default]
    public int Id { get; set; }

    /// <summary>The old display name.</summary>
    [Obsolete("Use \"label\" instead.")]
    public string? Name { get; set; }

    [Obsolete]
    public int LegacyCode { get; set; }

    public string? Label { get; set; }

    /// <summary>A reason with characters the SDL must escape (a bell, a C1 control) and one it must not (an emoji).</summary>
    [Obsolete("Gone\u0007 for good\u0085 \U0001F600")]
    public int Serial { get; set; }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Gadget>))]
public sealed partial class GadgetJsonContext : JsonSerializerContext;

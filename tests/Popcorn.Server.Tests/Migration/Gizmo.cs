using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Migration;

/// <summary>A model as upstream Popcorn's functional tests write theirs: PascalCase keys, an always-written id, a secret.</summary>
public sealed class Gizmo
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    public decimal Price { get; init; }

    [Never, JsonIgnore] public string? Secret { get; init; }
}

/// <summary>Upstream's test contexts set no naming policy (<c>PropertyNamingPolicy = null</c>): keys as the members are spelled.</summary>
[PopcornContext]
[JsonSerializable(typeof(Gizmo))]
[JsonSerializable(typeof(IReadOnlyList<Gizmo>))]
public sealed partial class MigrationJsonContext : JsonSerializerContext;

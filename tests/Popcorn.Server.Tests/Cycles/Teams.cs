using System.Text.Json.Serialization;

namespace Popcorn.Server.Tests.Cycles;

/// <summary>A team whose captain (a non-null field) plays for it: every team and player is on a cycle.</summary>
public sealed class Team
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Name { get; init; }

    public Player Captain { get; set; } = null!;

    public List<Player> Players { get; init; } = [];
}

/// <summary>A player, with the team (a non-null field) that lists them.</summary>
public sealed class Player
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Name { get; init; }

    public Team Team { get; set; } = null!;
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Team))]
public sealed partial class TeamsJsonContext : JsonSerializerContext;

using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Schema;

/// <summary>A sensor: lists of every element kind, to see which element types /graphql may promise non-null.</summary>
public sealed class Sensor
{
    [Always] public int Id { get; init; }

    [Default] public List<int> Samples { get; init; } = [];

    [Default] public int?[] Gaps { get; init; } = [];

    [Default] public IReadOnlyList<SensorLevel> Levels { get; init; } = [];

    [Default] public List<string> Tags { get; init; } = [];

    public List<Sensor> Neighbours { get; init; } = [];
}

/// <summary>How loud a reading was, written as its name.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<SensorLevel>))]
public enum SensorLevel
{
    Low,
    High,
}

/// <summary>The sensors' Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Sensor))]
[JsonSerializable(typeof(List<Sensor>))]
public partial class SensorsJsonContext : JsonSerializerContext;

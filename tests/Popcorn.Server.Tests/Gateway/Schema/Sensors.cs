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

    [Default] public List<string?> Notes { get; init; } = [];

    public Reading[] Readings { get; init; } = [];

    public List<Sensor> Neighbours { get; init; } = [];
}

/// <summary>One measurement: a model that cannot lead back to itself, so a list of it may promise non-null elements.</summary>
public sealed class Reading
{
    [Default] public int Value { get; init; }

    [Default] public string Unit { get; init; } = "";

    public List<string> Labels { get; init; } = [];
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
